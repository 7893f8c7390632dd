// The flag model: every option of both daemons is one FlagSpec row in a table. The parser,
// --help, validation and docs/flags.md all derive from the tables.
//
// Parsed values, keyed by the flag's long name without dashes (e.g. values['secure-port']):
//   string    -> string                 strings -> string[] (comma list; repeats append)
//   int       -> number (integer)       float   -> number
//   duration  -> number of milliseconds (Go form: 30s, 1m0s, 8760h0m0s, 100ms)
//   bool      -> boolean (bare flag is true)
//   quantity  -> number of bytes (5Mi, 1K, 2Gi)
//   map       -> Record<string, string> (key=value pairs, comma separated, repeats merge)
//   range     -> { base: number; size: number } (N1-N2, inclusive)
// A repeatable 'string' flag yields string[]: one element per occurrence, never split at commas
// (e.g. --tls-sni-cert-key cert,key:pattern).
// Flags without a default and not given are absent from the values record.

export type FlagType = 'string' | 'strings' | 'int' | 'float' | 'duration' | 'bool' | 'quantity' | 'map' | 'range';

/** How far the implementation honours a flag; docs/flags.md prints it and start-up warns for 'not-yet'. */
export type FlagStatus = 'implemented' | 'partial' | 'not-yet';

export interface FlagSpec {
  name: string;
  /** One-letter alias, e.g. 'v' or 'h'. */
  short?: string;
  type: FlagType;
  /** Default in the flag's own textual form, as --help prints it ('' or absent: none). */
  default?: string;
  help: string;
  /** The spec's heading the flag is listed under; --help groups by it. */
  group: string;
  /** May be given more than once (values accumulate). */
  repeatable?: boolean;
  status: FlagStatus;
  /** What is missing, for 'partial' and 'not-yet' rows. */
  statusNote?: string;
  deprecated?: string;
  /** Value used when the flag is given bare (pflag's NoOptDefVal), e.g. --version means --version=true. */
  optionalValue?: string;
  /** Type name shown by --help instead of the type, e.g. 'Level' for -v or 'version[=true]'. */
  valueName?: string;
  /** For 'map' flags whose keys hold commas (`metric,label=v1,v2`): a part without '=' joins the next. */
  keyMayContainComma?: boolean;
}

export type FlagValue = string | string[] | number | boolean | Record<string, string> | { base: number; size: number };

export type FlagValues = Readonly<Record<string, FlagValue | undefined>>;
