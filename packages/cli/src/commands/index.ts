/** Registry of evalsim subcommands (one module each). */
import type { CommandModule } from 'yargs';

// biome-ignore lint/suspicious/noExplicitAny: yargs command modules differ in their argument types.
export const commands: CommandModule<any, any>[] = [];
