/**
 * No malformed input answers 500 (ADR 037): every mutation the served schema lists (read by
 * introspection, not from a hand list) and every route the backend's router registers (REST, media,
 * hosted payment) gets generated hostile input — wrong types, huge, negative and fractional numbers,
 * very long strings, arrays and objects for scalars, null for required values, bad UTF-8 and
 * percent-encodings, uids that are not base64 or decode to nonsense, unknown enum values — and must
 * answer a refusal: below 500, never "Unexpected error." nor "Internal server error", and never with
 * a non-string value it was sent written back in its message.
 *
 * The generator is seeded (a fixed seed, a bounded number of cases per mutation and route), so a
 * failure names the same case every run; the case's operation and variables are in the message.
 */
import {
  buildClientSchema,
  getIntrospectionQuery,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  type GraphQLArgument,
  type GraphQLInputType,
  type IntrospectionQuery,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seeded, type Random } from './seeded-random';
import { addAurora, guestCart, newCustomer, startCommerceBackend, type CommerceTestBackend } from './commerce-test-kit';

/** Fixed, so a failure names the same case every run; FUZZ_SEED and FUZZ_SCALE explore others (by hand, not in the gate). */
const SEED = Number(process.env.FUZZ_SEED ?? 20261202);
const SCALE = Number(process.env.FUZZ_SCALE ?? 1);
const CASES_PER_MUTATION = 12 * SCALE;
const CASES_PER_ROUTE = 16 * SCALE;

/** Non-string values are marked so that one written back in a message can be recognised. */
const MARK = 'zq7';
const hostileStrings = [
  '',
  ' ',
  'x'.repeat(100_000),
  '%E0%A4%A',
  '%',
  '%ZZ',
  '\uD800',
  '\u0000',
  '../../etc/passwd',
  "' OR 1=1 --",
  '%%%',
  Buffer.from('99999999999999999999999').toString('base64'),
  Buffer.from('2147483648').toString('base64'),
  Buffer.from('-1').toString('base64'),
  Buffer.from('1.5').toString('base64'),
  Buffer.from('configurable/x/y').toString('base64'),
  Buffer.from('\u00ff\u00fe').toString('base64'),
  '====',
  'not-an-email',
  '2026-13-45',
];
const hostileNumbers = [-1, 0, 1.5, -2.75, 2147483648, 1e308, -1e308, Number.MAX_SAFE_INTEGER, 99999999999];
const nonStrings = (random: Random): unknown[] => [
  [`${MARK}-array`, 1],
  { [MARK]: { nested: [1, 2] } },
  987654321.125,
  random.next() > 0.5,
  [[`${MARK}-deep`]],
];

/** A plausible value of `type` (so that the other arguments pass and the hostile one is reached). */
function plausible(type: GraphQLInputType, name: string, ctx: FuzzContext, depth = 0): unknown {
  if (isNonNullType(type)) return plausible(type.ofType, name, ctx, depth);
  if (isListType(type)) return [plausible(type.ofType, name, ctx, depth)];
  if (isEnumType(type)) return type.getValues()[0]!.value;
  if (isInputObjectType(type)) {
    if (depth > 3) return {};
    const fields = Object.values(type.getFields());
    return Object.fromEntries(fields.filter((f) => isNonNullType(f.type) || depth < 2).map((f) => [f.name, plausible(f.type, f.name, ctx, depth + 1)]));
  }
  if (isScalarType(type)) {
    if (/cart_?id|cartId|cart_uid/i.test(name)) return ctx.cartId;
    if (/email/i.test(name)) return 'fuzz.shopper@example.com';
    if (/password/i.test(name)) return 'Fuzz#Pass2026';
    if (type.name === 'Int') return 1;
    if (type.name === 'Float') return 1;
    if (type.name === 'Boolean') return true;
    return 'fuzz';
  }
  return null;
}

/** A hostile value for a position of type `type`: of another type, or of its own type at its limits. */
function hostile(type: GraphQLInputType, random: Random): unknown {
  const named = getNamedType(type);
  const choices: (() => unknown)[] = [() => random.pick(nonStrings(random)), () => random.pick(hostileNumbers), () => random.pick(hostileStrings), () => null];
  if (isEnumType(named)) choices.push(() => `${MARK.toUpperCase()}_NOT_A_VALUE`);
  if (isScalarType(named) && (named.name === 'String' || named.name === 'ID'))
    choices.push(
      () => random.pick(hostileStrings),
      () => random.pick(hostileStrings),
    );
  if (isScalarType(named) && (named.name === 'Int' || named.name === 'Float'))
    choices.push(
      () => random.pick(hostileNumbers),
      () => random.pick(hostileNumbers),
    );
  if (isListType(isNonNullType(type) ? type.ofType : type))
    choices.push(
      () => [],
      () => [null],
      () => Array(200).fill(random.pick(hostileStrings)),
    );
  return random.pick(choices)();
}

/** The paths into a value of `type` where a hostile value can go: the argument itself, and its input fields (two levels). */
function positions(type: GraphQLInputType, depth = 0): { path: string[]; type: GraphQLInputType }[] {
  const here = [{ path: [] as string[], type }];
  const named = getNamedType(type);
  if (!isInputObjectType(named) || depth > 2) return here;
  const inner = Object.values(named.getFields()).flatMap((f) => positions(f.type, depth + 1).map((p) => ({ path: [f.name, ...p.path], type: p.type })));
  return [...here, ...inner];
}

/** `value` with `replacement` at `path` (lists: at their first item). */
function placed(value: unknown, path: readonly string[], replacement: unknown): unknown {
  if (!path.length) return replacement;
  if (Array.isArray(value)) return [placed(value[0] ?? {}, path, replacement)];
  const record = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  return { ...record, [path[0]!]: placed(record[path[0]!], path.slice(1), replacement) };
}

interface FuzzContext {
  cartId: string;
  token: string;
}

/** Non-string values of a case (its marked arrays and objects, and numbers), as they would read in a message. */
function nonStringEchoes(value: unknown): string[] {
  if (typeof value === 'string' || value === null || typeof value === 'boolean' || value === undefined) return [];
  if (typeof value === 'number') return Math.abs(value) > 1000 && !Number.isInteger(value) ? [String(value)] : [];
  const text = JSON.stringify(value);
  return text.includes(MARK) ? [text, ...(Array.isArray(value) ? value : Object.values(value as object)).flatMap(nonStringEchoes)] : [];
}

function problemsOf(status: number, body: string, sent: unknown): string[] {
  const problems = [];
  if (status >= 500) problems.push(`answered ${status}`);
  if (/Unexpected error\.|Internal server error/i.test(body)) problems.push('answered an internal error');
  let messages = body;
  try {
    const parsed = JSON.parse(body) as { errors?: { message: string }[]; message?: string };
    messages = JSON.stringify([...(parsed.errors ?? []).map((e) => e.message), parsed.message ?? '']);
  } catch {
    // Not JSON: the whole body is the message.
  }
  for (const echo of nonStringEchoes(sent))
    if (messages.includes(echo) || messages.includes(JSON.stringify(echo).slice(1, -1))) problems.push(`wrote back ${echo.slice(0, 80)}`);
  return problems;
}

let api: CommerceTestBackend;
let ctx: FuzzContext;
beforeAll(async () => {
  api = await startCommerceBackend();
  const cartId = await guestCart(api);
  await addAurora(api, cartId);
  ctx = { cartId, token: (await newCustomer(api)).token };
}, 180_000);
afterAll(() => api?.close());

describe('every mutation of the served schema', () => {
  it('refuses hostile variables without a 500, an internal error or a non-string value written back', async () => {
    const introspection = await api.gql<IntrospectionQuery>(getIntrospectionQuery());
    const schema = buildClientSchema(introspection.data!);
    const mutations = Object.values(schema.getMutationType()!.getFields());
    expect(mutations.length).toBeGreaterThan(30);
    const random = seeded(SEED);
    const failures: string[] = [];
    for (const mutation of mutations) {
      const args: readonly GraphQLArgument[] = mutation.args;
      const returned = getNamedType(mutation.type);
      const selection = isObjectType(returned) ? ' { __typename }' : '';
      const query = args.length
        ? `mutation (${args.map((a) => `$${a.name}: ${a.type.toString()}`).join(', ')}) { ${mutation.name}(${args.map((a) => `${a.name}: $${a.name}`).join(', ')})${selection} }`
        : `mutation { ${mutation.name}${selection} }`;
      const targets = args.flatMap((a) => positions(a.type).map((p) => ({ arg: a, ...p })));
      for (let i = 0; i < (targets.length ? CASES_PER_MUTATION : 1); i++) {
        const variables = Object.fromEntries(args.map((a) => [a.name, plausible(a.type, a.name, ctx)]));
        if (targets.length) {
          const target = random.pick(targets);
          variables[target.arg.name] = placed(variables[target.arg.name], target.path, hostile(target.type, random));
        }
        const headers: Record<string, string> = random.next() > 0.5 ? { Authorization: `Bearer ${ctx.token}` } : {};
        const res = await api.http('/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify({ query, variables }),
        });
        const body = await res.text();
        const problems = problemsOf(res.status, body, variables);
        if (problems.length) failures.push(`${mutation.name} ${JSON.stringify(variables).slice(0, 300)}: ${problems.join('; ')} — ${body.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 240_000);
});

/** The routes the backend's router registers, as [method, path] (Express 5's `router.stack`). */
function registeredRoutes(router: unknown): { method: string; path: string }[] {
  const stack = (router as { stack: { route?: { path: string; methods: Record<string, boolean> }; matchers?: unknown; name?: string }[] }).stack;
  return stack.flatMap((layer) =>
    layer.route ? Object.keys(layer.route.methods).map((method) => ({ method: method.toUpperCase(), path: layer.route!.path })) : [],
  );
}

const hostileSegments = ['%E0%A4%A', '%', '%ZZ', '%00', 'x'.repeat(5000), '..%2F..%2Fetc', '-1', '99999999999999999999', '1.5', '%C0%AF', '%FF%FE'];

function hostileBody(random: Random): unknown {
  return random.pick<() => unknown>([
    () => random.pick(nonStrings(random)),
    () => ({ [MARK]: true, addressInformation: random.pick(nonStrings(random)) }),
    () => ({ addressInformation: { shipping_address: { street: random.pick(nonStrings(random)), region_id: random.pick(hostileNumbers) } } }),
    () => ({ paymentMethod: random.pick(nonStrings(random)), email: random.pick(nonStrings(random)) }),
    () => ({ paymentMethod: { method: random.pick(nonStrings(random)) }, billingAddress: random.pick(nonStrings(random)) }),
    () => ({ file_name: random.pick(nonStrings(random)), content: random.pick(hostileStrings), content_type: random.pick(nonStrings(random)) }),
    () => ({ file_name: 'a.pdf', content: '====', content_type: 'application/pdf' }),
    () => null,
    () => random.pick(hostileNumbers),
    () => 'x'.repeat(200_000),
  ])();
}

describe('every route the backend registers', () => {
  it('refuses hostile paths and bodies without a 500, an internal error or a non-string value written back', async () => {
    const routes = registeredRoutes(api.backend.router).filter((r) => r.path !== '/graphql');
    expect(routes.length).toBeGreaterThan(10);
    routes.push({ method: 'GET', path: '/media/catalog/product/:file' });
    const random = seeded(SEED + 1);
    const failures: string[] = [];
    for (const route of routes) {
      for (let i = 0; i < CASES_PER_ROUTE; i++) {
        const path = route.path.replace(/:(\w+)/g, (_m, name: string) => (name === 'storeCode' && random.next() > 0.5 ? 'fr' : random.pick(hostileSegments)));
        const query = random.next() > 0.7 ? `?width=${random.pick(['-1', '1e9', 'abc', '%', '1.5'])}&height=${random.pick(['0', '%ZZ', '99999999999'])}` : '';
        // Every body-taking route gets a bare JSON number once (valid JSON, not an object: its parser's message quoted it back).
        const body = route.method === 'GET' ? undefined : i === 0 ? 987654321.125 : hostileBody(random);
        const contentType =
          i === 0 ? 'application/json' : random.pick(['application/json', 'application/json', 'application/x-www-form-urlencoded', 'text/plain']);
        const headers: Record<string, string> = { 'content-type': contentType, ...(random.next() > 0.5 ? { Authorization: `Bearer ${ctx.token}` } : {}) };
        const text = body === undefined ? undefined : random.next() > 0.85 ? '{"broken": [' : JSON.stringify(body);
        const res = await api.http(`${path}${query}`, { method: route.method, headers, ...(text !== undefined ? { body: text } : {}) });
        const answer = route.method === 'GET' && res.headers.get('content-type')?.startsWith('image/') ? '' : await res.text();
        const problems = problemsOf(res.status, answer, body);
        if (problems.length)
          failures.push(`${route.method} ${path.slice(0, 120)}${query} ${String(text).slice(0, 200)}: ${problems.join('; ')} — ${answer.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 240_000);
});
