/**
 * The stages of a portal build, said on the console when `PORTAL_BUILD_STAGES` is set: `npm start`'s
 * build (scripts/build-portal.mjs) sets it, so a first start that builds for a minute or more shows
 * where it is. Vite itself runs at `--logLevel warn` there (its file list would bury the lines).
 */
export const BUILD_STAGES = 'PORTAL_BUILD_STAGES';

/** Says that the build enters `stage`, with the seconds since it began; nothing unless asked. */
export function buildStage(stage: string): void {
  if (process.env[BUILD_STAGES] !== '1') return;
  const started = Number(process.env.PORTAL_BUILD_STARTED) || Date.now();
  console.log(`  ${stage} (${Math.round((Date.now() - started) / 1000)} s)`);
}
