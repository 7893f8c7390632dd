// The yaml package's parse and stringify, loaded on the first call (lazy-require.ts): YAML bodies
// and configuration files are read after the server starts, or not at all.
import type * as Yaml from 'yaml';
import { lazyRequire } from './lazy-require.ts';

const yaml = lazyRequire<typeof Yaml>('yaml');

export const parse = ((...args: Parameters<typeof Yaml.parse>) => yaml().parse(...args)) as typeof Yaml.parse;
export const stringify = ((...args: Parameters<typeof Yaml.stringify>) => yaml().stringify(...args)) as typeof Yaml.stringify;
