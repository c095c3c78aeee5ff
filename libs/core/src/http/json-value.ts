/** Any JSON value: for answer fields whose shape is the data's own (audit details, a JSON Schema). */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
