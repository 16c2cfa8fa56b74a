import express from 'express';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../scripts/precompress.mjs';
import { createShopServer } from './app';
import { readServerConfig } from './config';

/** A JS chunk large enough to be precompressed, and one too small to be. */
const CHUNK = `export const lines = [${Array.from({ length: 400 }, (_, i) => JSON.stringify(`frame ${i} acetate`)).join(',')}];\n`;
const TINY = 'export{a as b}from"./chunk.js";\n';
/** Model weights: bytes that do not compress. */
const WEIGHTS = randomBytes(4096);

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET with exactly the Accept-Encoding given (fetch would add its own and decompress). */
const get = (url: string, acceptEncoding: string | null, method = 'GET') =>
  new Promise<Answer>((resolve, reject) => {
    const req = httpRequest(url, { method, headers: acceptEncoding === null ? {} : { 'Accept-Encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });

describe('hashed assets precompressed at build time (brotli 11 and gzip) and sent as the browser accepts', () => {
  let dir: string;
  let shop: Server;
  let magento: Server;
  let url: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'lunette-assets-'));
    mkdirSync(join(dir, 'assets', 'try-on-1234', 'models'), { recursive: true });
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Lunette</title><div id="root"></div>');
    writeFileSync(join(dir, 'assets', 'chunk.js'), CHUNK);
    writeFileSync(join(dir, 'assets', 'tiny.js'), TINY);
    writeFileSync(join(dir, 'assets', 'try-on-1234', 'models', 'face.bin'), WEIGHTS);
    await precompress(join(dir, 'assets'));
    // A stand-in Magento: the shop in proxy mode starts without a database.
    magento = await new Promise<Server>((done) => {
      const s = express().listen(0, '127.0.0.1', () => done(s));
    });
    const app = await createShopServer(
      readServerConfig({ PORT: '0', MAGENTO_BACKEND_URL: `http://127.0.0.1:${(magento.address() as AddressInfo).port}` }),
      dir,
    );
    shop = await new Promise<Server>((done) => {
      const s = app.listen(0, '127.0.0.1', () => done(s));
    });
    url = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    shop.close();
    magento.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the build writes .br and .gz copies of text files, none of a file too small or of model weights', () => {
    expect(brotliDecompressSync(readFileSync(join(dir, 'assets', 'chunk.js.br'))).toString()).toBe(CHUNK);
    expect(gunzipSync(readFileSync(join(dir, 'assets', 'chunk.js.gz'))).toString()).toBe(CHUNK);
    expect(existsSync(join(dir, 'assets', 'tiny.js.br'))).toBe(false);
    expect(existsSync(join(dir, 'assets', 'try-on-1234', 'models', 'face.bin.br'))).toBe(false);
  });

  it('a browser accepting brotli gets the brotli copy, with its JS type, Vary and the immutable cache', async () => {
    const answer = await get(`${url}/assets/chunk.js`, 'gzip, deflate, br, zstd');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['vary']).toContain('Accept-Encoding');
    expect(answer.headers['content-type']).toMatch(/^(text|application)\/javascript; charset=utf-8$/i);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.body).toEqual(readFileSync(join(dir, 'assets', 'chunk.js.br')));
    expect(brotliDecompressSync(answer.body).toString()).toBe(CHUNK);
  });

  it('curl -H "Accept-Encoding: gzip" gets the whole file, gzipped (the "200 with 0 bytes" report)', async () => {
    const answer = await get(`${url}/assets/chunk.js`, 'gzip');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.body.byteLength).toBeGreaterThan(0);
    expect(gunzipSync(answer.body).toString()).toBe(CHUNK);
  });

  it('a client accepting no encoding gets the file itself; a file with no copy is still whole', async () => {
    const plain = await get(`${url}/assets/chunk.js`, null);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(CHUNK);
    const tiny = await get(`${url}/assets/tiny.js`, 'gzip');
    expect(tiny.status).toBe(200);
    const body = tiny.headers['content-encoding'] === 'gzip' ? gunzipSync(tiny.body) : tiny.body;
    expect(body.toString()).toBe(TINY);
    const weights = await get(`${url}/assets/try-on-1234/models/face.bin`, 'gzip');
    expect(weights.headers['content-encoding'] === 'gzip' ? gunzipSync(weights.body) : weights.body).toEqual(WEIGHTS);
  });

  it('an asset that does not exist answers 404, not the page', async () => {
    expect((await get(`${url}/assets/gone.js`, 'gzip')).status).toBe(404);
  });
});
