import { buildSchema, validateSchema } from 'graphql';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MAGENTO_SDL_PATH } from './schema';

describe("Magento's SDL the served schema is cut from", () => {
  // The backend builds it without validating it again at each start (buildBackendSchema); its validity is checked here.
  it('is valid SDL and a valid schema', () => {
    const schema = buildSchema(readFileSync(MAGENTO_SDL_PATH, 'utf8'), { noLocation: true });
    expect(validateSchema(schema)).toEqual([]);
  });
});
