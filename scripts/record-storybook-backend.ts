/**
 * Records the embedded backend's answers for the static Storybook (ADR 021), so the build works on
 * any static host with no server: `npm run build-storybook` runs it after `storybook build`.
 *
 * It serves the built Storybook and the embedded backend (a fresh, seeded database) from one local
 * server, opens every story in Chromium (its play function runs, then the accessibility check), and writes
 * - `<out>/backend-recordings/<story id>.json`: every `/graphql` and `/rest` answer the story got,
 *   in order (the recording server's origin replaced by ORIGIN_MARK);
 * - `<out>/media/...`: the media the stories showed, as the backend's media route gave them (the
 *   largest size asked of each file: a static host serves one file a path, whatever the query).
 * Nothing is written by hand: a story whose play function or accessibility check fails here fails
 * the build, and so the gate (it is the gate's only run of the play functions, ADR 021).
 *
 * Usage: node --import tsx scripts/record-storybook-backend.ts [storybook-static]
 *   RECORD_CONCURRENCY (default 3) stories at a time; RECORD_PORT (default 0: any free port);
 *   RECORD_ONLY=<part of a story id> records only those stories (the others' recordings are kept).
 */
import express from 'express';
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { chromium, type Browser, type Route } from 'playwright';
import {
  multipartFieldNames,
  multipartKeyBody,
  ORIGIN_MARK,
  RECORDED_PATH,
  RECORDINGS_DIR,
  requestKey,
  type RecordedAnswer,
  type StoryRecording,
} from '../.storybook/backend-recording.ts';
import { createShopServer } from '../server/app.ts';
import { readServerConfig } from '../server/config.ts';
import { CHROMIUM_ARGS, testChromiumPath } from './chromium.ts';
import { openStory, storyOutcomeScript, type StoryOutcome } from './storybook-story-outcome.ts';

const outDir = resolve(process.argv[2] ?? 'storybook-static');
// Three pages: each waits idle for a while after its story (QUIET_MS), the others use that time.
const concurrency = Number(process.env.RECORD_CONCURRENCY ?? 3);
const dataDir = resolve(process.env.DATA_DIR ?? '.data', 'storybook-record');

interface IndexEntry {
  id: string;
  type: 'story' | 'docs';
  title: string;
  name: string;
}

const started = Date.now();
const index = JSON.parse(readFileSync(join(outDir, 'index.json'), 'utf8')) as { entries: Record<string, IndexEntry> };
const only = process.env.RECORD_ONLY;
const stories = Object.values(index.entries).filter((entry) => entry.type === 'story' && (!only || entry.id.includes(only)));

// A fresh database every build: the recordings come from the seed, not from earlier runs.
rmSync(dataDir, { recursive: true, force: true });
// The access log of every asset would drown the failures.
process.env.LOG_LEVEL ??= 'warn';
const config = readServerConfig({ ...process.env, PORT: process.env.RECORD_PORT ?? '0', DATA_DIR: dataDir, NODE_ENV: 'development' });
const shop = await createShopServer(config, null);
// Hashed bundles are kept by the browser between stories instead of asked for again.
shop.app.use('/assets', express.static(join(outDir, 'assets'), { immutable: true, maxAge: '1d' }));
shop.app.use(express.static(outDir));
const server = shop.listen(config.port, config.host);
// Node closes a keep-alive socket idle for 5 s; Playwright's `route.fetch` sending on one at that
// moment is reset (ECONNRESET), seen on a loaded machine. This server is the recorder's alone and
// lives as long as the recording: it keeps idle sockets open until the browser closes them.
server.keepAliveTimeout = 0;
await new Promise<void>((done) => server.once('listening', done));
const origin = `http://${config.host}:${(server.address() as AddressInfo).port}`;

if (!only) {
  rmSync(join(outDir, RECORDINGS_DIR), { recursive: true, force: true });
  rmSync(join(outDir, 'media'), { recursive: true, force: true });
}
mkdirSync(join(outDir, RECORDINGS_DIR), { recursive: true });

/** The media file of a path, kept at the largest size any story asked for. */
function keepMedia(pathname: string, body: Buffer) {
  const file = join(outDir, decodeURIComponent(pathname));
  if (!file.startsWith(join(outDir, 'media'))) return;
  try {
    if (statSync(file).size >= body.length) return;
  } catch {
    // not kept yet
  }
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, body);
}

/** Requests of the page not answered yet, and when the last one began. */
interface Traffic {
  inFlight: number;
  lastStart: number;
}

/**
 * Until the page asks nothing more: nothing in flight and nothing started for QUIET_MS since the story
 * finished, longer than the views' debounce timers (the search panel's 250 ms), so a request a story
 * leaves behind is recorded for it too (the replay answers a late request from the story before).
 */
const QUIET_MS = 400;
async function quiet(traffic: Traffic, finishedAt: number): Promise<void> {
  while (traffic.inFlight > 0 || Date.now() - Math.max(traffic.lastStart, finishedAt) < QUIET_MS) await new Promise((done) => setTimeout(done, 50));
}

/**
 * A worker: one preview page showing its stories one after another, every backend request of the
 * page recorded for the story shown (the next story opens only once the page is quiet).
 */
async function recordStories(browser: Browser, queue: IndexEntry[], failures: string[]): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript({ content: 'window.__LUNETTE_RECORDING__ = true;' });
  await context.addInitScript({ content: storyOutcomeScript });
  const page = await context.newPage();
  const traffic: Traffic = { inFlight: 0, lastStart: 0 };
  let answers: RecordedAnswer[] = [];
  // A request the recorder could not pass on fails the story it was made for, not the whole run.
  let lost: string[] = [];
  await page.route(
    (url) => url.origin === origin && (RECORDED_PATH.test(url.pathname) || url.pathname.startsWith('/media/')),
    async (route: Route) => {
      traffic.inFlight += 1;
      traffic.lastStart = Date.now();
      const into = answers;
      const lostFor = lost;
      try {
        const request = route.request();
        const url = new URL(request.url());
        const response = await route.fetch();
        const body = await response.body();
        if (url.pathname.startsWith('/media/')) {
          if (response.ok()) keepMedia(url.pathname, body);
        } else {
          const contentType = request.headers()['content-type'] ?? '';
          const sent = request.postData();
          into.push({
            key: requestKey({
              method: request.method(),
              pathAndQuery: url.pathname + url.search,
              store: request.headers()['store'] ?? null,
              body: sent !== null && contentType.startsWith('multipart/form-data') ? multipartKeyBody(multipartFieldNames(sent)) : sent,
            }),
            status: response.status(),
            contentType: response.headers()['content-type'] ?? null,
            body: body.toString('utf8').replaceAll(origin, ORIGIN_MARK),
          });
        }
        await route.fulfill({ response, body });
      } catch (error) {
        lostFor.push(`${route.request().method()} ${new URL(route.request().url()).pathname}: ${String(error).split('\n')[0]}`);
        await route.abort('failed').catch(() => {});
      } finally {
        traffic.inFlight -= 1;
      }
    },
  );
  try {
    for (let story = queue.shift(); story; story = queue.shift()) {
      answers = [];
      lost = [];
      // ADR 021 (amended 2026-12-03): this is the story check of the gate, the play function and the
      // accessibility check after it (`parameters.a11y.test: 'error'`), in the production build.
      const outcome = await openStory(page, origin, story.id).catch((error: unknown): StoryOutcome => ({
        status: 'error',
        detail: String(error),
      }));
      await quiet(traffic, Date.now());
      const recording: StoryRecording = { storyId: story.id, answers };
      writeFileSync(join(outDir, RECORDINGS_DIR, `${story.id}.json`), JSON.stringify(recording));
      if (outcome.status !== 'success') failures.push(`${story.title} › ${story.name} (${story.id}): ${outcome.detail}`);
      else if (lost.length) failures.push(`${story.title} › ${story.name} (${story.id}): the recorder lost ${lost.join('; ')}`);
    }
  } finally {
    await context.close();
  }
}

const browser = await chromium.launch({ executablePath: testChromiumPath(), args: CHROMIUM_ARGS });
const failures: string[] = [];
try {
  const queue = [...stories];
  await Promise.all(Array.from({ length: concurrency }, () => recordStories(browser, queue, failures)));
} finally {
  await browser.close();
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
  await shop.close();
}

console.log(`Recorded the backend for ${stories.length} stories in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
if (failures.length) {
  console.error(`${failures.length} stories failed while recording:\n${failures.join('\n')}`);
  process.exit(1);
}
