/** Runs `npm run <name>` for each name at once, printing each output whole; answers the names that failed. */
export function runTogether(
  names: string[],
  options?: { npm?: string; cwd?: string; print?: (text: string) => void },
): Promise<string[]>;
