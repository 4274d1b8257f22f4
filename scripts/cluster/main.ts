/**
 * `npm run cluster`: PostgreSQL, an S3-compatible server, two instances and nginx on this machine,
 * until Ctrl-C. Builds the portal first when `dist/` is older than its sources.
 */
import { startCluster } from './cluster';

const cluster = await startCluster({ instances: 2, env: { LOG_LEVEL: 'info' } });
console.log(`EcoPermit cluster: ${cluster.address} (nginx) -> ${cluster.instances.map((i) => i.port).join(', ')}`);
console.log(`  database ${cluster.databaseUrl}; files in ${cluster.env.STORAGE_URL} at ${cluster.s3.endpoint}`);
console.log('  Ctrl-C stops everything and removes its data.');
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void cluster.stop().then(() => process.exit(0));
  });
}
