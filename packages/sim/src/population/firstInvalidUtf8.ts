/**
 * The first invalid UTF-8 sequence of a byte string (RFC 3629): overlong forms, surrogates
 * U+D800–DFFF, code points above U+10FFFF, stray continuation bytes and truncated sequences are
 * all invalid, as in the Unicode Standard, Table 3-7 (the well-formed byte sequences). Used to
 * locate the byte a fatal TextDecoder refused, which says only that one is there.
 */

/** Byte offset of the first invalid UTF-8 sequence in `bytes`, or −1 when all valid. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  const n = bytes.length;
  let i = 0;
  while (i < n) {
    const b = bytes[i];
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      if (b === 0xe0) lo = 0xa0;
      else if (b === 0xed) hi = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      if (b === 0xf0) lo = 0x90;
      else if (b === 0xf4) hi = 0x8f;
    } else return i;
    if (i + need >= n) return i;
    const second = bytes[i + 1];
    if (second < lo || second > hi) return i;
    for (let k = 2; k <= need; k++) {
      const next = bytes[i + k];
      if (next < 0x80 || next > 0xbf) return i;
    }
    i += need + 1;
  }
  return -1;
}
