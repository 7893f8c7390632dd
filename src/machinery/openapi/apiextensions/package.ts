// apiextensions/v1's types as Go structs (see ../go-structs.ts): CustomResourceDefinition and the
// JSONSchemaProps dialect its versions declare their objects in. Field numbers and tags are
// Kubernetes' (k8s.io/apiextensions-apiserver apis/apiextensions/v1); descriptions are our own.
//
// JSONSchemaProps refers to itself (properties, items, allOf, not, …): decoding types the top
// level of an openAPIV3Schema and takes the levels below as they come (schema/from-openapi.ts
// leaves a definition met inside itself open); the published definitions are Kubernetes' own.
//
// JSON and the JSONSchemaProps*Or* types marshal themselves: their JSON is any value (a schema or
// a bool, a schema or a list, …), published as a description only. On the wire Kubernetes gives
// the Or* types messages of their own (`allows`, `schema`, `jSONSchemas`, `property`) that their
// JSON does not show, and JSONSchemaProps' message names its fields otherwise than its JSON does
// (`ref`, `xKubernetesValidations`). orch serves CustomResourceDefinitions as JSON only: the
// protobuf derivation takes a JSONSchemaProps (and the empty CustomResourceSubresourceStatus) as
// raw bytes, which keeps the messages of the other kinds whole; the field numbers are Kubernetes'.
import type { GoPackage } from '../go-structs.ts';
import { PROTOBUF_EXTENSION } from '../protobuf-extension.ts';

const RAW_ON_THE_WIRE = { [PROTOBUF_EXTENSION]: { wire: 'RawExtension' } };
const KIND = { group: 'apiextensions.orch.io', version: 'v1', kind: 'CustomResourceDefinition' };

export const apiextensionsPackage: GoPackage = {
  prefix: 'io.orch.apiextensions-apiserver.pkg.apis.apiextensions.v1',
  goPackage: 'v1',
  structs: {
    CustomResourceDefinitionSpec: {
      doc: 'The group, names, scope and versions under which a custom resource is served.',
      fields: [
        ['group', 1, 'string', 'The API group of the custom resource, served under /apis/<group>. The definition\'s name is <names.plural>.<group>. Cannot change.'],
        ['names', 3, 'CustomResourceDefinitionNames', 'The resource and kind names of the custom resource.'],
        ['scope', 4, 'string:ResourceScope', 'Whether the custom resource lives in namespaces (Namespaced) or not (Cluster). Cannot change.'],
        ['versions', 7, '[]CustomResourceDefinitionVersion', 'The API versions of the custom resource: at least one, exactly one of them the storage version. Discovery lists the served ones with Kubernetes-like names first (GA, then beta, then alpha; higher numbers first), then the others in alphabetical order.', { listType: 'atomic' }],
        ['*conversion,omitempty', 9, 'CustomResourceConversion', 'How objects are converted between the versions; no conversion (None) by default.'],
        ['preserveUnknownFields,omitempty', 10, 'bool', 'Kept from older versions of the API: must be false. Keeping unknown fields is said per schema with x-kubernetes-preserve-unknown-fields.'],
      ],
    },
    CustomResourceConversion: {
      doc: 'How custom resources are converted from one version to another.',
      fields: [
        ['strategy', 1, 'string:ConversionStrategyType', 'None (only the apiVersion changes) or Webhook (a webhook converts, as webhook says).'],
        ['*webhook,omitempty', 2, 'WebhookConversion', 'The conversion webhook; required with the Webhook strategy and only allowed with it.'],
      ],
    },
    WebhookConversion: {
      doc: 'A conversion webhook and the ConversionReview versions it understands.',
      fields: [
        ['*clientConfig,omitempty', 2, 'WebhookClientConfig', 'Where the webhook is reached and how its certificate is checked.'],
        ['conversionReviewVersions', 3, '[]string', 'ConversionReview versions the webhook accepts, most preferred first; the server sends the first one it knows (v1 or v1beta1) and fails conversions when it knows none.', { listType: 'atomic' }],
      ],
    },
    WebhookClientConfig: {
      doc: 'How the API server reaches a webhook over TLS.',
      fields: [
        ['*url,omitempty', 3, 'string', 'The webhook\'s https:// URL, without user info, query or fragment. Exactly one of url and service.'],
        ['*service,omitempty', 1, 'ServiceReference', 'The in-cluster service of the webhook. Exactly one of url and service.'],
        ['caBundle,omitempty', 2, '[]byte', 'PEM certificates that sign the webhook\'s serving certificate; the system roots when empty.'],
      ],
    },
    ServiceReference: {
      doc: 'A service a webhook is reached through.',
      fields: [
        ['namespace', 1, 'string', 'The service\'s namespace.'],
        ['name', 2, 'string', 'The service\'s name.'],
        ['*path,omitempty', 3, 'string', 'A URL path sent with every request to the webhook.'],
        ['*port,omitempty', 4, 'int32', 'The service port of the webhook, 1 to 65535; 443 when unset.'],
      ],
    },
    CustomResourceDefinitionVersion: {
      doc: 'One API version of a custom resource: whether it is served and stored, its schema, subresources, printer columns and selectable fields.',
      fields: [
        ['name', 1, 'string', 'The version name (v1, v2beta1, …), served at /apis/<group>/<name> when served is true.'],
        ['served', 2, 'bool', 'Whether this version is served through the REST API.'],
        ['storage', 3, 'bool', 'Whether objects are written to storage in this version; exactly one version has it.'],
        ['deprecated,omitempty', 7, 'bool', 'Whether this version is deprecated: requests to it are answered with a warning. False by default.'],
        ['*deprecationWarning,omitempty', 8, 'string', 'The warning sent instead of the default one; only with deprecated true.'],
        ['*schema,omitempty', 4, 'CustomResourceValidation', 'The schema objects of this version are validated, pruned and defaulted with.'],
        ['*subresources,omitempty', 5, 'CustomResourceSubresources', 'The status and scale subresources this version serves.'],
        ['additionalPrinterColumns,omitempty', 6, '[]CustomResourceColumnDefinition', 'Columns of the table view besides the name; without any, an age column is shown.', { listType: 'atomic' }],
        ['selectableFields,omitempty', 9, '[]SelectableField', 'Fields of the objects that field selectors may use besides metadata.name and metadata.namespace; at most 8.', { listType: 'atomic' }],
      ],
    },
    SelectableField: {
      doc: 'A field of a custom resource that field selectors may name.',
      fields: [
        ['jsonPath', 1, 'string', 'The field as a simple JSON path without array notation (.spec.color), pointing at a string, integer or boolean field of the schema; selectors name it without the leading dot.'],
      ],
    },
    CustomResourceColumnDefinition: {
      doc: 'A column of the table view of a custom resource.',
      fields: [
        ['name', 1, 'string', 'The column\'s header.'],
        ['type', 2, 'string', 'The OpenAPI type of the column: integer, number, string, boolean or date.'],
        ['format,omitempty', 3, 'string', 'The OpenAPI format of the column; `name` marks the column naming the object.'],
        ['description,omitempty', 4, 'string', 'What the column shows.'],
        ['priority,omitempty', 5, 'int32', 'How important the column is: 0 is always shown, higher numbers only in wide views.'],
        ['jsonPath', 6, 'string', 'A simple JSON path (array indexes allowed) evaluated against each object for the column\'s value.'],
      ],
    },
    CustomResourceDefinitionNames: {
      doc: 'The names a custom resource is served under.',
      fields: [
        ['plural', 1, 'string', 'The lowercase plural name, served at /apis/<group>/<version>/.../<plural>; the definition is named <plural>.<group>.'],
        ['singular,omitempty', 2, 'string', 'The lowercase singular name; the lowercased kind by default.'],
        ['shortNames,omitempty', 3, '[]string', 'Lowercase short names clients accept for the resource (kubectl get <short name>).', { listType: 'atomic' }],
        ['kind', 4, 'string', 'The kind of the objects, normally CamelCase and singular.'],
        ['listKind,omitempty', 5, 'string', 'The kind of lists of the objects; <kind>List by default.'],
        ['categories,omitempty', 6, '[]string', 'Groups of resources the resource is listed in (kubectl get all).', { listType: 'atomic' }],
      ],
    },
    CustomResourceDefinitionCondition: {
      doc: 'One aspect of a definition\'s state.',
      fields: [
        ['type', 1, 'string:CustomResourceDefinitionConditionType', 'Established, NamesAccepted, NonStructuralSchema, Terminating or KubernetesAPIApprovalPolicyConformant.'],
        ['status', 2, 'string:ConditionStatus', 'True, False or Unknown.'],
        ['lastTransitionTime,omitempty', 3, 'meta.Time', 'When the status last changed.'],
        ['reason,omitempty', 4, 'string', 'A CamelCase word for why the status last changed.'],
        ['message,omitempty', 5, 'string', 'What the last change means, for people.'],
      ],
    },
    CustomResourceDefinitionStatus: {
      doc: 'What the API server made of a definition.',
      fields: [
        ['conditions', 1, '[]CustomResourceDefinitionCondition', 'The definition\'s conditions, one per type.', { optional: true, listType: 'map', listMapKeys: ['type'] }],
        ['acceptedNames', 2, 'CustomResourceDefinitionNames', 'The names actually served, which may lag behind or differ from spec.names while they conflict with others.', { optional: true }],
        ['storedVersions', 3, '[]string', 'Every version objects were ever written to storage in. A version may leave spec.versions only after it has left this list, which a storage migration may shorten once no object is stored in it.', { optional: true, listType: 'atomic' }],
      ],
    },
    CustomResourceValidation: {
      doc: 'The schema of one version of a custom resource.',
      fields: [
        ['*openAPIV3Schema,omitempty', 1, 'JSONSchemaProps', 'The OpenAPI v3 schema objects are validated, pruned and defaulted with; it must be structural.'],
      ],
    },
    CustomResourceSubresources: {
      doc: 'The subresources a version of a custom resource serves.',
      fields: [
        ['*status,omitempty', 1, 'CustomResourceSubresourceStatus', 'Serves /status: writes to the object leave .status alone, writes to /status change only .status.'],
        ['*scale,omitempty', 2, 'CustomResourceSubresourceScale', 'Serves /scale as an autoscaling/v1 Scale read from and written to the given paths.'],
      ],
    },
    CustomResourceSubresourceStatus: {
      doc: 'Serves the object\'s .status as the /status subresource; set as an empty object.',
      fields: [],
      // An empty message on Kubernetes' wire, which the derivation has no form for.
      extra: RAW_ON_THE_WIRE,
    },
    CustomResourceSubresourceScale: {
      doc: 'Where the /scale subresource finds the replica counts and the selector of a custom resource.',
      fields: [
        ['specReplicasPath', 1, 'string', 'The JSON path under .spec (no array notation) of the desired replicas, Scale spec.replicas; reading /scale fails while it has no value.'],
        ['statusReplicasPath', 2, 'string', 'The JSON path under .status (no array notation) of the current replicas, Scale status.replicas; 0 while it has no value.'],
        ['*labelSelectorPath,omitempty', 3, 'string', 'The JSON path under .spec or .status (no array notation) of the pods\' label selector in its string form, Scale status.selector (needed by HorizontalPodAutoscalers); empty while it has no value.'],
      ],
    },
    CustomResourceDefinition: {
      doc: 'CustomResourceDefinition declares a resource the API server serves as it serves its own: its group, names, scope, versions and their schemas. Its name is <spec.names.plural>.<spec.group>.',
      kind: KIND,
      listDoc: 'A list of custom resource definitions.',
      fields: [
        ['metadata,omitempty', 1, 'meta.ObjectMeta', 'Standard object metadata.'],
        ['spec', 2, 'CustomResourceDefinitionSpec', 'How the custom resource is to be served.'],
        ['status,omitempty', 3, 'CustomResourceDefinitionStatus', 'How the custom resource is served; written through /status.'],
      ],
    },
    JSONSchemaProps: {
      doc: 'An OpenAPI v3 schema (JSON Schema draft 4 with Kubernetes\' x-kubernetes extensions), the form custom resource schemas are written in.',
      extra: RAW_ON_THE_WIRE,
      fields: [
        ['id,omitempty', 1, 'string', "The schema's identifier (JSON Schema id)."],
        ['$schema,omitempty', 2, 'string:JSONSchemaURL', "The JSON Schema dialect's URI."],
        ['*$ref,omitempty', 3, 'string', 'A reference to another schema; not allowed in custom resource schemas.'],
        ['description,omitempty', 4, 'string', 'What the value is, for people (kubectl explain shows it).'],
        ['type,omitempty', 5, 'string', "The value's type: object, array, string, integer, number or boolean."],
        ['format,omitempty', 6, 'string', 'The OpenAPI format of a value. Formats checked: bsonobjectid, uri, email, hostname, ipv4, ipv6, cidr, mac, uuid, uuid3, uuid4, uuid5, isbn, isbn10, isbn13, creditcard, ssn, hexcolor, rgbcolor, byte, password, date, duration and datetime; others are accepted and not checked.'],
        ['title,omitempty', 7, 'string', 'A short title of the value.'],
        ['*default,omitempty', 8, 'JSON', 'The value an absent field takes when objects are decoded; it is pruned and validated against the schema itself.'],
        ['*maximum,omitempty', 9, 'float64', 'The largest number allowed.'],
        ['exclusiveMaximum,omitempty', 10, 'bool', 'The maximum itself is not allowed.'],
        ['*minimum,omitempty', 11, 'float64', 'The smallest number allowed.'],
        ['exclusiveMinimum,omitempty', 12, 'bool', 'The minimum itself is not allowed.'],
        ['*maxLength,omitempty', 13, 'int64', 'The most characters a string may have.'],
        ['*minLength,omitempty', 14, 'int64', 'The fewest characters a string may have.'],
        ['pattern,omitempty', 15, 'string', 'A regular expression a string must match.'],
        ['*maxItems,omitempty', 16, 'int64', 'The most items a list may have.'],
        ['*minItems,omitempty', 17, 'int64', 'The fewest items a list may have.'],
        ['uniqueItems,omitempty', 18, 'bool', 'No two items of a list may be equal; not allowed in custom resource schemas (use x-kubernetes-list-type set or map).'],
        ['*multipleOf,omitempty', 19, 'float64', 'A number must be a multiple of this.'],
        ['enum,omitempty', 20, '[]JSON', 'The only values allowed.', { listType: 'atomic' }],
        ['*maxProperties,omitempty', 21, 'int64', 'The most fields an object may have.'],
        ['*minProperties,omitempty', 22, 'int64', 'The fewest fields an object may have.'],
        ['required,omitempty', 23, '[]string', 'Fields an object must have.', { listType: 'atomic' }],
        ['*items,omitempty', 24, 'JSONSchemaPropsOrArray', "The schema of a list's items (a single schema in custom resource schemas)."],
        ['allOf,omitempty', 25, '[]JSONSchemaProps', 'Schemas the value must satisfy all of.', { listType: 'atomic' }],
        ['oneOf,omitempty', 26, '[]JSONSchemaProps', 'Schemas the value must satisfy exactly one of.', { listType: 'atomic' }],
        ['anyOf,omitempty', 27, '[]JSONSchemaProps', 'Schemas the value must satisfy at least one of.', { listType: 'atomic' }],
        ['*not,omitempty', 28, 'JSONSchemaProps', 'A schema the value must not satisfy.'],
        ['properties,omitempty', 29, 'map[string]JSONSchemaProps', 'The fields of an object, by name.'],
        ['*additionalProperties,omitempty', 30, 'JSONSchemaPropsOrBool', 'The schema of the values of a map (an object whose field names are free); not with properties.'],
        ['patternProperties,omitempty', 31, 'map[string]JSONSchemaProps', 'Schemas of fields whose names match a pattern; not allowed in custom resource schemas.'],
        ['dependencies,omitempty', 32, 'map[string]JSONSchemaPropsOrStringArray:JSONSchemaDependencies', "What a field's presence requires of the object: a schema or other fields."],
        ['*additionalItems,omitempty', 33, 'JSONSchemaPropsOrBool', 'The schema of items beyond a list of item schemas; not allowed in custom resource schemas.'],
        ['definitions,omitempty', 34, 'map[string]JSONSchemaProps:JSONSchemaDefinitions', 'Schemas to refer to; not allowed in custom resource schemas.'],
        ['*externalDocs,omitempty', 35, 'ExternalDocumentation', 'A link to more documentation of the value.'],
        ['*example,omitempty', 36, 'JSON', 'An example value.'],
        ['nullable,omitempty', 37, 'bool', 'null is allowed as the value (otherwise a null field is pruned, or refused where no field is).'],
        ['*x-kubernetes-preserve-unknown-fields,omitempty', 38, 'bool', 'Keeps fields the schema does not declare instead of pruning them, for this value and below it until a level declares properties or additionalProperties again. Only true may be set.'],
        ['x-kubernetes-embedded-resource,omitempty', 39, 'bool', 'The value is a whole object with apiVersion, kind and metadata, which are checked as an object\'s are. Only on objects; the schema may describe the object further.'],
        ['x-kubernetes-int-or-string,omitempty', 40, 'bool', 'The value is an integer or a string. The schema then needs no type, and anyOf may hold the two types (anyOf: [{type: integer}, {type: string}], possibly inside an allOf).'],
        ['x-kubernetes-list-map-keys,omitempty', 41, '[]string', 'The fields that identify an item of a list of type map: scalar fields of the items, each required or defaulted.', { listType: 'atomic' }],
        ['*x-kubernetes-list-type,omitempty', 42, 'string', 'How a list merges: atomic (replaced as a whole; the default), set (unique scalar or atomic items) or map (objects identified by x-kubernetes-list-map-keys, order kept).'],
        ['*x-kubernetes-map-type,omitempty', 43, 'string', 'How an object merges: granular (each field on its own; the default) or atomic (replaced as a whole).'],
        ['x-kubernetes-validations,omitempty', 44, '[]ValidationRule:ValidationRules', 'CEL rules the value must satisfy, evaluated with self bound to the value (and oldSelf to the old one in transition rules).', { listType: 'map', listMapKeys: ['rule'], patchStrategy: 'merge', patchMergeKey: 'rule' }],
      ],
    },
    ValidationRule: {
      doc: 'A CEL rule a value of a custom resource must satisfy.',
      fields: [
        ['rule', 1, 'string', 'The CEL expression, with self bound to the value the rule sits on. Objects expose their declared fields (has(self.x) tests presence; names outside [a-zA-Z_.-/][a-zA-Z0-9_.-/]* are not reachable, and __, ., -, / and CEL keywords are escaped as __underscores__, __dot__, __dash__, __slash__ and __<keyword>__), maps their entries, lists their items; apiVersion, kind, metadata.name and metadata.generateName are reachable at the root and in embedded resources. A rule naming oldSelf is a transition rule, checked on updates only.'],
        ['message,omitempty', 2, 'string', 'The message of a failed rule, on one line; "failed rule: <rule>" by default. Required when the rule spans lines.'],
        ['messageExpression,omitempty', 3, 'string', 'A CEL expression giving the message of a failed rule as a string; message is used when it fails or gives an empty or multi-line string.'],
        ['*reason,omitempty', 4, 'string:FieldValueErrorReason', 'The reason a failure is reported with: FieldValueInvalid (the default), FieldValueForbidden, FieldValueRequired or FieldValueDuplicate.', { enum: ['FieldValueDuplicate', 'FieldValueForbidden', 'FieldValueInvalid', 'FieldValueRequired'] }],
        ['fieldPath,omitempty', 5, 'string', 'Where a failure is reported, relative to the value the rule sits on (.spec.replicas, .x[\'y\']); map keys and list items only by name (no numeric indexes). The rule\'s own place by default.'],
        ['*optionalOldSelf,omitempty', 6, 'bool', 'Evaluate a transition rule also on creates and when the old value is absent, with oldSelf an optional (oldSelf.hasValue(), oldSelf.orValue(…)).'],
      ],
    },
    ExternalDocumentation: {
      doc: 'A link to documentation outside the schema.',
      fields: [
        ['description,omitempty', 1, 'string', 'What the documentation is about.'],
        ['url,omitempty', 2, 'string', "The documentation's URL."],
      ],
    },
    JSON: {
      doc: 'Any JSON value: a boolean, a number, a string, a list, an object or null.',
      fields: [],
      opaque: true,
      // Kubernetes' wire form of JSON: its raw bytes.
      extra: RAW_ON_THE_WIRE,
    },
    JSONSchemaPropsOrArray: {
      doc: 'A schema, or a list of schemas.',
      fields: [],
      opaque: true,
    },
    JSONSchemaPropsOrBool: {
      doc: 'A schema, or a boolean (true allows anything, false nothing).',
      fields: [],
      opaque: true,
    },
    JSONSchemaPropsOrStringArray: {
      doc: 'A schema, or a list of strings.',
      fields: [],
      opaque: true,
    },
  },
};
