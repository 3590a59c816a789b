// Development: the API (tsx watch, port 3001, its own DATA_DIR) behind Vite's hot-reloading
// client on port 5173, which proxies /api to it. Ctrl+C stops both.
import { spawn } from 'node:child_process';

const apiPort = process.env.VITE_DEV_API_PORT ?? '3001';
const env = { ...process.env, PORT: apiPort, DATA_DIR: process.env.DATA_DIR ?? './data-dev' };
const children = [
  spawn('npx', ['tsx', 'watch', 'server/main.ts'], { stdio: 'inherit', env }),
  spawn('npx', ['vite', '--host', process.env.HOST ?? '127.0.0.1'], {
    stdio: 'inherit',
    env: { ...process.env, VITE_DEV_API_PORT: apiPort },
  }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
