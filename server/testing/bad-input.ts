import fc from 'fast-check';

/**
 * Bad input for every operation of the OpenAPI document (server/http/bad-input.test.ts): the
 * values an attacker or a broken client sends. Each request is a plausible one (path ids 1, the
 * required body fields at accepted values) with one or two places made bad, so a bad value gets
 * past the other checks to the service and the SQL; or a body that is not the expected JSON object.
 */

type JsonSchema = {
  type?: string;
  enum?: unknown[];
  default?: unknown;
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
};

export interface Operation {
  method: string;
  /** OpenAPI path, `{name}` for path parameters */
  path: string;
  pathParams: string[];
  queryParams: string[];
  /** Declared JSON body properties and their schemas; null when the operation takes no body */
  body: Record<string, JsonSchema> | null;
  /** Body properties the operation requires */
  required: string[];
}

interface OpenApiOperation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export function operationsOf(doc: { paths: Record<string, Record<string, OpenApiOperation>> }): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => {
      const parameters = operation.parameters ?? [];
      const json = operation.requestBody?.content?.['application/json'];
      return {
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        body: json ? (json.schema?.properties ?? {}) : null,
        required: json?.schema?.required ?? [],
      };
    }),
  );
}

/** A value the schema accepts, for the required fields that are not the one made bad. */
function plausible(schema: JsonSchema): unknown {
  if (schema.default !== undefined) return schema.default;
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf?.[0]) return plausible(schema.anyOf[0]);
  const byType: Record<string, unknown> = { integer: 1, number: 1, boolean: false, array: [], string: 'demo_viewer' };
  return byType[schema.type ?? ''] ?? null;
}

export const LONG = 'x'.repeat(5000);

/**
 * What broke things before, tried on every field of every operation: NUL, numbers past 32 bits,
 * overlong text, a lone surrogate (JSON's "\ud800", which jsonb refuses: issue 21).
 */
const CORE = {
  path: ['0', '-1', '2147483648', '99999999999', 'abc', '1.5', 'latest', '%00', '%E0%A4%A', 'x'.repeat(150)],
  query: ['a\u0000b', '2147483648', LONG, '-1', '1.5'],
  body: ['a\u0000b', 'ok\ud800', 2147483648, [2147483648], [1, -1], -1, 1.5, LONG, null] as unknown[],
};

/** Bodies that cannot be read: refused before any handler runs. */
const UNREADABLE = [
  { type: 'application/json', payload: '{' },
  { type: 'application/json', payload: '{"tags":' },
  { type: 'application/json', payload: '' },
  { type: 'application/json', payload: `{"a":"${LONG}` },
  { type: 'application/json', payload: '{"__proto__":{"admin":true}}' },
  { type: 'application/json; charset=utf-16', payload: '{}' },
  { type: 'text/plain', payload: 'hello' },
  { type: 'application/x-www-form-urlencoded', payload: 'a=1&b=%00' },
  { type: 'multipart/form-data', payload: '--x\r\n' },
  { type: `application/${LONG}`, payload: '{}' },
];
/** JSON that is not an object. */
const WRONG_SHAPE = ['null', '[]', '"x"', '1'].map((payload) => ({ type: 'application/json', payload }));

const badText = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...CORE.query, '\u0000', `${LONG}\u0000`, '99999999999999999999', '1e400', '\ud800') },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '0',
      'NaN',
      'Infinity',
      'abc',
      '',
      ' ',
      '%',
      '😀'.repeat(300),
      'true',
      'null',
      '[]',
      "'; drop table media; --",
    ),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 190, maxLength: 260 }) },
);

const queryValue = fc.oneof(
  { weight: 4, arbitrary: badText },
  { weight: 1, arbitrary: fc.constantFrom('1', '2', 'true', 'youtube', 'latest', 'month', 'song', 'demo_viewer') },
  { weight: 1, arbitrary: fc.array(badText, { minLength: 2, maxLength: 3 }) },
);

// Path values are sent as they are: some are malformed percent-encoding.
const pathValue = fc.constantFrom(...CORE.path, '1', '2', '1e3', '0x10', '%201', '%', '%zz', '%ED%A0%80');

const badNumber = fc.oneof(
  fc.constantFrom(2147483648, -2147483649, -1, 0, 1.5, 1e300, -0, Number.MAX_SAFE_INTEGER + 2),
  fc.integer(),
  fc.double({ noNaN: true }),
);

const jsonValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...CORE.body) },
  { weight: 1, arbitrary: badText },
  { weight: 1, arbitrary: badNumber },
  { weight: 1, arbitrary: fc.constantFrom(true, false, [], {}, { a: 1 }, ['\u0000'], [1.5]) },
  { weight: 1, arbitrary: fc.array(fc.oneof(badNumber, badText), { maxLength: 60 }) },
  { weight: 1, arbitrary: fc.constantFrom(1, 2, 'demo_viewer', 'https://www.youtube.com/playlist?list=PLabcdefghijklmnop') },
);

export interface BadRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  /** Every piece of input, decoded, to look for echoes of it in the answer */
  inputs: string[];
}

type Slot = { in: 'path' | 'query' | 'body'; name: string };
type Mutation = { slot: Slot; value: unknown };
type RawBody = { type: string; payload: string };

const takesBody = (op: Operation) => op.method !== 'GET' && op.method !== 'HEAD';

/**
 * The places of `op` that can be made bad. An operation with no declared input gets a junk query
 * parameter (GET) or nothing but unreadable bodies: a POST /api/sync that got past parsing would
 * run a whole sync each time.
 */
function slotsOf(op: Operation): Slot[] {
  const slots: Slot[] = [
    ...op.pathParams.map((name) => ({ in: 'path' as const, name })),
    ...op.queryParams.map((name) => ({ in: 'query' as const, name })),
    ...Object.keys(op.body ?? {}).map((name) => ({ in: 'body' as const, name })),
  ];
  if (op.method === 'GET' && slots.length === 0) slots.push({ in: 'query', name: 'junk' });
  if (takesBody(op) && op.body === null && slots.length > 0) slots.push({ in: 'body', name: 'tags' });
  return slots;
}

function rawBodiesOf(op: Operation): RawBody[] {
  if (!takesBody(op)) return [];
  return slotsOf(op).length > 0 ? [...UNREADABLE, ...WRONG_SHAPE] : UNREADABLE;
}

/** Every core value in every place of `op`, one at a time, and every raw body it may get. */
export function coreRequestsOf(op: Operation): BadRequest[] {
  const mutated = slotsOf(op).flatMap((slot) => CORE[slot.in].map((value) => build(op, [{ slot, value }], null)));
  return [...mutated, ...rawBodiesOf(op).map((raw) => build(op, [], raw))];
}

/** Random requests to `op`: one or two places made bad with values of every kind, or a raw body. */
export function badRequestOf(op: Operation): fc.Arbitrary<BadRequest> {
  const slots = slotsOf(op);
  const values = { path: pathValue, query: queryValue, body: jsonValue };
  const mutation = (slot: Slot) => values[slot.in].map((value): Mutation => ({ slot, value }));
  const choices: fc.WeightedArbitrary<BadRequest>[] = [];
  if (slots.length > 0) {
    const mutations = fc.array(fc.constantFrom(...slots).chain(mutation), { minLength: 1, maxLength: 2 });
    choices.push({ weight: 4, arbitrary: mutations.map((ms) => build(op, ms, null)) });
  }
  const raw = rawBodiesOf(op);
  if (raw.length > 0) choices.push({ weight: 1, arbitrary: fc.constantFrom(...raw).map((body) => build(op, [], body)) });
  return fc.oneof(...choices);
}

/** Lone surrogates cannot be percent-encoded; they travel as U+FFFD, as a browser sends them. */
const encode = (value: string) => encodeURIComponent(value.replace(/\p{Surrogate}/gu, '\ufffd'));

function build(op: Operation, mutations: Mutation[], raw: RawBody | null): BadRequest {
  const at = (where: Slot['in']) => new Map(mutations.filter((m) => m.slot.in === where).map((m) => [m.slot.name, m.value]));
  const pathValues = at('path');
  let url = op.path;
  for (const name of op.pathParams) url = url.replace(`{${name}}`, String(pathValues.get(name) ?? '1'));
  const queryItems = [...at('query')].flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((v) => [name, String(v)]));
  if (queryItems.length > 0) url += `?${queryItems.map(([name, value]) => `${encode(name!)}=${encode(value!)}`).join('&')}`;
  const inputs = [...[...pathValues.values()].map((v) => safeDecode(String(v))), ...queryItems.map(([, value]) => value!)];
  const bodyValues = at('body');
  const required = Object.fromEntries(op.required.map((name) => [name, plausible(op.body?.[name] ?? {})]));
  const json = op.body !== null || bodyValues.size > 0 ? JSON.stringify({ ...required, ...Object.fromEntries(bodyValues) }) : null;
  const body = raw ?? (json === null ? null : { type: 'application/json', payload: json });
  const headers: Record<string, string> = {};
  if (body) {
    headers['content-type'] = body.type;
    inputs.push(body.payload, body.type);
  }
  return { method: op.method, url, headers, payload: body?.payload, inputs };
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Whether `message` repeats more than `max` consecutive characters of one of the inputs. */
export function echoesInput(message: string, inputs: string[], max = 200): boolean {
  if (message.length <= max) return false;
  return inputs.some((input) => {
    for (let start = 0; start + max < input.length; start += 1) {
      if (message.includes(input.slice(start, start + max + 1))) return true;
    }
    return false;
  });
}
