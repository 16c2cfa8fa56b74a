import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Test databases on the PostgreSQL server of DATABASE_URL (the PostgreSQL test suite): a seeded
 * template per source version and module set, built once by whichever test process gets there first
 * (an advisory lock), and a fresh copy of it per test backend (`CREATE DATABASE … TEMPLATE`).
 */
export const testDatabaseUrl = (): string | null => process.env.DATABASE_URL?.trim() || null;

const hashOf = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 20);

function urlFor(base: string, database: string): string {
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}

async function withAdmin<T>(base: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const exists = async (client: pg.Client, name: string) => (await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;

/**
 * The URL of a seeded template database named after `key`; `seed(url)` seeds an empty one (under a
 * temporary name, renamed when done, so a half-seeded template is never copied).
 */
export async function seededTemplateDatabase(key: string, seed: (url: string) => Promise<void>): Promise<string> {
  const base = testDatabaseUrl();
  if (!base) throw new Error('DATABASE_URL is not set');
  const name = `lunette_tpl_${hashOf(key)}`;
  await withAdmin(base, async (client) => {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    try {
      if (await exists(client, name)) return;
      const building = `${name}_building`;
      await client.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${building}`);
      await seed(urlFor(base, building));
      await client.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
    }
  });
  return name;
}

/** A fresh copy of a template database: its URL, and drop() to delete it. */
export async function copyOfDatabase(template: string): Promise<{ url: string; drop(): Promise<void> }> {
  const base = testDatabaseUrl();
  if (!base) throw new Error('DATABASE_URL is not set');
  const name = `lunette_t_${randomBytes(8).toString('hex')}`;
  await withAdmin(base, async (client) => {
    // Two copies of one template at the same moment: PostgreSQL refuses the second while the first copies.
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
        return;
      } catch (error) {
        if (attempt > 40 || !/being accessed by other users/.test((error as Error).message)) throw error;
        await new Promise((done) => setTimeout(done, 100 + Math.random() * 200));
      }
    }
  });
  return {
    url: urlFor(base, name),
    drop: () => withAdmin(base, async (client) => void (await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))),
  };
}

/** A database that stands for a data folder (restart tests): created empty the first time, kept after. */
export async function databaseForFolder(dataDir: string): Promise<string> {
  const base = testDatabaseUrl();
  if (!base) throw new Error('DATABASE_URL is not set');
  const name = `lunette_dir_${hashOf(dataDir)}`;
  await withAdmin(base, async (client) => {
    if (!(await exists(client, name))) await client.query(`CREATE DATABASE ${name}`);
  });
  return urlFor(base, name);
}
