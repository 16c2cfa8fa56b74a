// The reference "floor" app of scripts/lighthouse.mjs's paired runs (../shared/bench/README.md): the
// same pinned libraries as the shop, one page listing six products. prepareFloor copies it to
// .data/bench-floor/, installs its dependencies there from its own package.json and builds it with
// Vite; serveFloor serves that build with the shop's server stack (Express 5 + compression, immutable
// /assets, index.html for every path) and proxies /graphql and /media to the running shop.
import { spawn } from 'node:child_process';
import { chmodSync, cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import compression from 'compression';
import express from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';

const INSTALL_TIMEOUT_MS = 600_000;
const BUILD_TIMEOUT_MS = 300_000;
/** Written after a successful install: the package.json it installed, so a later run installs only when it changed. */
const INSTALLED_STAMP = '.installed-package.json';

/** Runs a command in `cwd`; resolves with its exit code (null when killed) and its output. */
function run(command, args, cwd, timeoutMs) {
  return new Promise((done) => {
    const child = spawn(command, args, {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false' },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      done({ code: null, output: output + String(error) });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      done({ code, output });
    });
  });
}

/**
 * Copies the floor's sources (not a node_modules or dist it may hold) into `workDir`, replacing the previous
 * copy but its installed dependencies; writable, as the shared folder is read-only and cpSync keeps modes.
 */
function copySource(sourceDir, workDir) {
  const kept = new Set(['node_modules', 'package-lock.json', INSTALLED_STAMP]);
  if (existsSync(workDir)) for (const name of readdirSync(workDir)) if (!kept.has(name)) rmSync(join(workDir, name), { recursive: true, force: true });
  const skipped = /[\\/](node_modules|dist)([\\/]|$)/;
  cpSync(sourceDir, workDir, { recursive: true, filter: (source) => !skipped.test(source.slice(sourceDir.length)) });
  const makeWritable = (path) => {
    const stat = statSync(path);
    chmodSync(path, stat.mode | (stat.isDirectory() ? 0o300 : 0o200));
    if (stat.isDirectory()) for (const name of readdirSync(path)) if (name !== 'node_modules' && name !== 'dist') makeWritable(join(path, name));
  };
  makeWritable(workDir);
}

/**
 * Copies `sourceDir` to `workDir`, installs its dependencies (npm install; npm install --prefer-offline
 * when that fails) unless the same package.json is installed there already, and builds it. Resolves with
 * { distDir, install } (install: how the dependencies came, for the report) or rejects with the failing
 * step's output.
 */
export async function prepareFloor(sourceDir, workDir, log = console.log) {
  copySource(sourceDir, workDir);
  const packageJson = readFileSync(join(workDir, 'package.json'), 'utf8');
  const stamp = join(workDir, INSTALLED_STAMP);
  let install = 'already installed';
  if (!existsSync(join(workDir, 'node_modules')) || !existsSync(stamp) || readFileSync(stamp, 'utf8') !== packageJson) {
    log(`Installing the floor's dependencies in ${workDir} (npm install)…`);
    const plain = await run('npm', ['install'], workDir, INSTALL_TIMEOUT_MS);
    install = 'npm install';
    if (plain.code !== 0) {
      log(`npm install failed (exit ${plain.code}); trying npm install --prefer-offline:\n${plain.output.trim().split('\n').slice(-5).join('\n')}`);
      const offline = await run('npm', ['install', '--prefer-offline'], workDir, INSTALL_TIMEOUT_MS);
      if (offline.code !== 0) throw new Error(`npm install failed, then npm install --prefer-offline too (exit ${offline.code}):\n${offline.output.trim()}`);
      install = 'npm install --prefer-offline (after a plain npm install failed)';
    }
    writeFileSync(stamp, packageJson);
  }
  const build = await run('npx', ['vite', 'build'], workDir, BUILD_TIMEOUT_MS);
  if (build.code !== 0) throw new Error(`npx vite build of the floor failed (exit ${build.code}):\n${build.output.trim()}`);
  const distDir = join(workDir, 'dist');
  if (!existsSync(join(distDir, 'index.html'))) throw new Error(`The floor's build wrote no ${join(distDir, 'index.html')}`);
  return { distDir, install };
}

/** Serves the floor's build on 127.0.0.1:`port`, /graphql and /media proxied to `shopOrigin`. Resolves with { origin, close }. */
export function serveFloor({ distDir, shopOrigin, port }) {
  const app = express();
  app.disable('x-powered-by');
  app.use(compression());
  app.use(createProxyMiddleware({ target: shopOrigin, changeOrigin: true, pathFilter: ['/graphql', '/media'] }));
  app.use('/assets', express.static(join(distDir, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false, index: false }));
  app.use(express.static(distDir, { index: false, maxAge: 0 }));
  const indexHtml = join(distDir, 'index.html');
  app.get(/.*/, (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexHtml, { dotfiles: 'allow' }); // the build sits under .data/
  });
  return new Promise((done, fail) => {
    const server = app.listen(port, '127.0.0.1', (error) => {
      if (error) return fail(error);
      done({
        origin: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise((closed) => {
            server.closeAllConnections();
            server.close(() => closed());
          }),
      });
    });
  });
}
