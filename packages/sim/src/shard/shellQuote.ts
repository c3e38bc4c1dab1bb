/**
 * One argument as POSIX shell text: bare when it holds only characters no shell treats
 * specially (letters, digits and _ / . , : = @ % + -), else in single quotes with each ' written
 * as '\''. Empty → ''. A NUL cannot be in an argument and is refused.
 */
export function shellQuote(word: string): string {
  if (word.includes('\0')) throw new RangeError(`shellQuote: ${JSON.stringify(word)} contains a NUL byte`);
  if (/^[A-Za-z0-9_/.,:=@%+-]+$/.test(word)) return word;
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

/** Arguments as one shell command line. */
export function shellCommand(words: readonly string[]): string {
  return words.map(shellQuote).join(' ');
}
