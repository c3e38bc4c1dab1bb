/**
 * `--help` examples that never wrap inside an argument. yargs prints examples in two
 * columns, the command's capped at half the width, so a long example breaks across lines
 * mid-command. Here a command's `.example(command, what)` calls are collected while its
 * builder runs and printed as an "Examples:" epilog instead: each example command alone on
 * its line (a test keeps every one under the help width), what it does indented below, and
 * the command's own epilog after them.
 */
import type { Argv, CommandModule } from 'yargs';

function examplesText(examples: readonly (readonly [string, string])[]): string {
  const lines = ['Examples:'];
  for (const [command, what] of examples) {
    lines.push(`  ${command}`);
    if (what) lines.push(`      ${what}`);
  }
  return lines.join('\n');
}

/** `module` with its examples (and epilogs) printed as described in the module comment. */
// biome-ignore lint/suspicious/noExplicitAny: yargs command modules differ in their argument types.
export function withExampleEpilog(module: CommandModule<any, any>): CommandModule<any, any> {
  const { builder } = module;
  if (typeof builder !== 'function') return module;
  return {
    ...module,
    builder: (y: Argv) => {
      const examples: [string, string][] = [];
      const epilogs: string[] = [];
      const example = y.example.bind(y);
      const epilog = y.epilog.bind(y);
      y.example = ((command: string | [string, string?][], what?: string) => {
        if (typeof command === 'string') examples.push([command, what ?? '']);
        else for (const [c, w] of command) examples.push([c, w ?? '']);
        return y;
      }) as typeof y.example;
      y.epilog = ((text: string) => {
        epilogs.push(text);
        return y;
      }) as typeof y.epilog;
      try {
        const built = (builder(y) as Argv | undefined) ?? y;
        if (examples.length > 0) epilog(`${examplesText(examples)}${epilogs.length > 0 ? '\n' : ''}`);
        for (const text of epilogs) epilog(text);
        return built;
      } finally {
        y.example = example;
        y.epilog = epilog;
      }
    },
  };
}
