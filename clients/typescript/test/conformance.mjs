// Checks Junction's answers against its own OpenAPI document: the client's types are generated from that document,
// so an answer that does not conform (a property missing, null where the document says it never is, a property the
// document does not list, a wrong type) would be a lie of the types. ajv (JSON Schema 2020-12, which OpenAPI 3.1's
// schemas are) validates every answer the tests receive through conformingFetch, and every example of the document.
import Ajv2020Module from "ajv/dist/2020.js";

const Ajv2020 = Ajv2020Module.default ?? Ajv2020Module;
const ID = "https://junction.invalid/openapi.json";

/** Every object schema that lists its properties admits no others (the document lists every property). */
function closed(schema) {
  if (Array.isArray(schema)) return schema.map(closed);
  if (schema === null || typeof schema !== "object") return schema;
  const out = Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, closed(v)]));
  if (out.properties !== undefined && out.additionalProperties === undefined) out.additionalProperties = false;
  return out;
}

/** The service's document and a validator of its schemas. */
export async function apiDocs(baseUrl) {
  const response = await fetch(`${baseUrl}/v3/api-docs`);
  if (!response.ok) throw new Error(`${baseUrl}/v3/api-docs answered HTTP ${response.status}`);
  const doc = await response.json();
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  ajv.addSchema({ $id: ID, components: closed(doc.components) });
  const compiled = new Map();
  /** Validates `value` against `schema` (a $ref into the components, or an inline schema); answers the errors. */
  function check(schema, value) {
    const key = JSON.stringify(schema);
    if (!compiled.has(key)) {
      compiled.set(key, schema.$ref?.startsWith("#/") ? ajv.getSchema(`${ID}${schema.$ref}`)
        : ajv.compile({ $id: `${ID}/inline/${compiled.size}`, ...closed(schema) }));
    }
    const validate = compiled.get(key);
    if (validate === undefined) throw new Error(`no schema ${JSON.stringify(schema)} in the document`);
    return validate(value) ? [] : validate.errors.map((e) => `${e.instancePath || "/"} ${e.message}`
      + `${e.params?.additionalProperty ? `: ${e.params.additionalProperty}` : ""}`);
  }
  return { doc, check };
}

/** The operation of the document a request is for (the /v1 alias is the same operation; {id} matches a segment). */
function operation(doc, baseUrl, request) {
  const actual = new URL(request.url).pathname.slice(new URL(baseUrl).pathname.replace(/\/$/, "").length)
    .replace(/^\/v1\//, "/");
  const path = Object.keys(doc.paths).find((p) => p === actual
    || new RegExp(`^${p.replace(/\{[^}]+\}/g, "[^/]+")}$`).test(actual)) ?? actual;
  return { path, op: doc.paths[path]?.[request.method.toLowerCase()] };
}

/**
 * A fetch for createJunctionClient that checks every answer against the document (status documented for the
 * operation, body conforming to that response's schema) and fails the call otherwise; `seen` lists what it
 * checked ("GET /quote 200") and `requests` the requests it sent.
 */
export function conformingFetch(api, baseUrl) {
  const seen = [];
  const requests = [];
  const conforming = async (request) => {
    requests.push(request.clone());
    const response = await fetch(request);
    const { path, op } = operation(api.doc, baseUrl, request);
    const label = `${request.method} ${path} ${response.status}`;
    if (op === undefined) throw new Error(`${request.method} ${path} is not an operation of the document`);
    if ((response.headers.get("Content-Type") ?? "").startsWith("text/event-stream")) {
      // server-sent events: the document says the operation answers them; the events are read by the caller
      if (op.responses[String(response.status)]?.content?.["text/event-stream"] === undefined) {
        throw new Error(`${label}: the document lists no text/event-stream response`);
      }
      seen.push(label);
      return response;
    }
    const schema = op.responses[String(response.status)]?.content?.["application/json"]?.schema;
    if (schema === undefined) throw new Error(`${label}: the document lists no such response`);
    const errors = api.check(schema, await response.clone().json());
    if (errors.length > 0) throw new Error(`${label} does not conform to ${JSON.stringify(schema)}: ${errors.join("; ")}`);
    seen.push(label);
    return response;
  };
  return { fetch: conforming, seen, requests };
}
