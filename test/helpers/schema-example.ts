/** A JSON Schema's own example: `example`, or the first of `examples`, of the named schema it refers to when it is one (`$ref` into its `$defs`). */
export interface JsonSchemaWithExample {
  example?: unknown;
  examples?: unknown[];
  $ref?: string;
  $defs?: Record<string, JsonSchemaWithExample>;
}

export function exampleOfJsonSchema(json: JsonSchemaWithExample | undefined): unknown {
  const named = json?.$ref?.startsWith('#/$defs/') ? json.$defs?.[json.$ref.slice('#/$defs/'.length)] : undefined;
  const own = named ?? json;
  return own?.example ?? own?.examples?.[0];
}
