// Narrowing of parsed JSON to the objects and arrays the OpenRPC document is made of, failing with
// the path that did not have the expected shape.
import type { JsonObject, JsonValue } from '@photon/types';

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function asObject(value: unknown, where: string): JsonObject {
  if (!isJsonObject(value)) throw new Error(`execution-apis document: ${where} is not an object`);
  return value;
}

export function asArray(value: unknown, where: string): readonly JsonValue[] {
  if (!Array.isArray(value)) throw new Error(`execution-apis document: ${where} is not an array`);
  return value as readonly JsonValue[];
}
