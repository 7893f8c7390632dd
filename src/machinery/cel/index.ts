// CEL for every part of the server that evaluates expressions.
export { CelCompiler, CelCompileError, celActivation, evaluateCel, evaluateCelSync, firstLine, type CelProgram, type CelVariables } from './environment.ts';
export { CelAuthorizer, type AuthorizerContext, type RequestResource } from './authorizer.ts';
export { plainCelValue, toCelValue } from './values.ts';
export { rewriteMessageLiterals } from './message-literals.ts';
