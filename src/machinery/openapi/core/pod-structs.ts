// core/v1 pod types as Go structs (see ../go-structs.ts for the notation). Field numbers, tags
// and Go types are Kubernetes' (k8s.io/api core/v1 types.go); descriptions are our own.
import type { StructDecl } from '../go-structs.ts';

export const podStructs: Record<string, StructDecl> = {};
