export type JsonSchema = Record<string, unknown>;

/** The answer schema document: every tool's `data` schema and every account and admin route's answer over one set of shared definitions. */
export interface AnswerSchemaDocument {
  $comment: string;
  tools: Record<string, { dataType: string; handler: string; schema: JsonSchema }>;
  /** The account, self-service and admin routes' answers, by `METHOD /path` (path parameters as `{name}`). */
  routes: Record<string, { dataType: string; handler: string; schema: JsonSchema }>;
  /** Named shapes, referenced as `#/definitions/<Name>`. */
  definitions: Record<string, JsonSchema>;
}
