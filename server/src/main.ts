// The one process entry: reads the configuration and starts what it asks for.
import { loadConfig } from './config';
import { startServer } from './server';
import { DEMO_LOGINS } from './demo/seed';

async function main() {
  const config = loadConfig();
  const running = await startServer(config, { logger: true });
  const url = config.publicUrl;
  const lines = [``, `  Fleet portal is running at ${url}`, ``];
  if (config.demo) {
    lines.push('  Demo logins (username / password):');
    for (const l of DEMO_LOGINS)
      lines.push(
        `    ${l.username.padEnd(9)} / ${l.password.padEnd(9)} ${l.type} user, ${l.client}`,
      );
  }
  if (running.generatedAdminPassword) {
    lines.push(`  Initial support login: admin / ${running.generatedAdminPassword}`);
    lines.push('  (shown once; set ADMIN_PASSWORD to choose it yourself)');
  }
  console.log(lines.join('\n') + '\n');
  const stop = async () => {
    await running.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
