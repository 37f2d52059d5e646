// The one process entry: reads the configuration and starts what it asks for. `--role=api,jobs`
// (or ROLES) starts part of the portal (docs/scale-out.md); the command line wins over ROLES.
import { ROLES, loadConfig } from './config';
import { startServer } from './server';
import { DEMO_LOGINS } from './demo/seed';

async function main() {
  const roleArg = process.argv.slice(2).find((a) => a.startsWith('--role='));
  const config = loadConfig(
    roleArg ? { ...process.env, ROLES: roleArg.slice('--role='.length) } : process.env,
  );
  const running = await startServer(config, { logger: true });
  const url = config.publicUrl;
  const split = config.roles.length < ROLES.length;
  const lines = split ? [``, `  Fleet portal process running: ${config.roles.join(', ')}`] : [``];
  if (config.roles.includes('api')) lines.push(`  Fleet portal is running at ${url}`, ``);
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
