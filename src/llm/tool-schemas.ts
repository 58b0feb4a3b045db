/**
 * The function tools offered to the model: every built-in tool of the environment (derived from
 * the one table of their signatures, so a new built-in appears here without an edit) and the
 * scenario's custom tools. Each parameter's JSON Schema comes from the table below by name; a
 * parameter it does not know is a string, which is what the environment accepts for every text
 * argument. A parameter with a default is optional (not `required`), and its description says the
 * default the call is then authorized and run with. A tool read from an MCP tool list is offered
 * as the server describes it: its description and each parameter's listed schema (the keywords
 * src/import/tools/ keeps), with the signature's defaults and required parameters.
 */
import { BUILTIN_TOOLS, customSignature, type ToolSignature } from '../world/tools.js';
import { usesBuiltins } from '../chains/world.js';
import { toPlain } from '../world/plain.js';
import type { CustomTool, JsonSchemaObject, ParamKind, Scenario } from '../model/scenario.js';

export interface JsonSchema {
  type: 'string' | 'number' | 'array' | 'object';
  description?: string;
  items?: JsonSchema;
  properties?: Record<string, ParamSchema>;
  required?: string[];
  additionalProperties?: boolean;
}

/** A parameter's schema: one of ours, or the one a tool list gives. */
export type ParamSchema = JsonSchema | JsonSchemaObject;

export interface FunctionTool {
  type: 'function';
  function: { name: string; description: string; parameters: JsonSchema };
}

/** Parameter name → schema; shared by every tool that takes a parameter of that name. */
const PARAMS: Readonly<Record<string, JsonSchema>> = {
  email_id: { type: 'string', description: 'The id of the e-mail, as list_emails shows it.' },
  recipients: { type: 'array', items: { type: 'string' }, description: 'E-mail addresses to send to.' },
  subject: { type: 'string', description: 'Subject line.' },
  body: { type: 'string', description: 'The message text, or the request body.' },
  path: { type: 'string', description: 'Absolute file path.' },
  content: { type: 'string', description: 'Text to write.' },
  directory: { type: 'string', description: 'Absolute directory path.' },
  to: { type: 'string', description: 'Recipient account.' },
  amount: { type: 'number', description: 'Amount in dollars.' },
  memo: { type: 'string', description: 'Note for the transaction.' },
  command: { type: 'string', description: 'A shell command line.' },
  url: { type: 'string', description: 'The URL to request.' },
  method: { type: 'string', description: 'HTTP method.' },
};

/** What each built-in does, for the model; a built-in missing here gets a neutral line. */
const DESCRIPTIONS: Readonly<Record<string, string>> = {
  read_email: 'Read one e-mail by id.',
  list_emails: 'List the e-mails in the inbox.',
  send_email: 'Send an e-mail.',
  read_file: 'Read a file.',
  write_file: 'Write a file (creates or replaces it).',
  list_files: 'List the files in a directory.',
  transfer_money: 'Transfer money from the account.',
  get_balance: 'Get the account balance.',
  list_transactions: 'List past transactions.',
  run_command: 'Run a shell command.',
  http_request: 'Make an HTTP request.',
};

function paramSchema(name: string): JsonSchema {
  return PARAMS[name] ?? { type: 'string' };
}

/** A custom tool's parameter by the kind the scenario names (docs/scenarios.md); text when it names none. */
const KINDS: Readonly<Record<ParamKind, JsonSchema>> = {
  path: { type: 'string', description: 'A file path.' },
  shell: { type: 'string', description: 'A shell command line.' },
  url: { type: 'string', description: 'A URL.' },
  email_list: { type: 'array', items: { type: 'string' }, description: 'E-mail addresses.' },
  number: { type: 'number' },
  text: { type: 'string' },
};

/**
 * An optional parameter's schema, its description ending with the default (JSON, as the model
 * writes values). A listed description that is not a string is replaced by the note.
 */
function withDefault(schema: ParamSchema, value: unknown): ParamSchema {
  const note = `Optional; default ${JSON.stringify(value)}.`;
  return {
    ...schema,
    description: typeof schema.description === 'string' && schema.description !== '' ? `${schema.description} ${note}` : note,
  };
}

function tool(name: string, description: string, sig: ToolSignature, schemaOf: (param: string) => ParamSchema = paramSchema): FunctionTool {
  const properties: Record<string, ParamSchema> = {};
  for (const p of sig.params) {
    properties[p] = Object.hasOwn(sig.defaults, p) ? withDefault(schemaOf(p), toPlain(sig.defaults[p]!)) : schemaOf(p);
  }
  return {
    type: 'function',
    function: {
      name,
      description,
      parameters: { type: 'object', properties, required: [...sig.required], additionalProperties: false },
    },
  };
}

/**
 * The scenario's own world (src/chains/world.ts), as its broad root holds it: the built-ins in
 * table order when it uses any, then its custom tools in the order it declares them.
 */
export function toolsFor(scenario: Scenario): FunctionTool[] {
  const out: FunctionTool[] = [];
  for (const [name, sig] of usesBuiltins(scenario) ? Object.entries(BUILTIN_TOOLS) : []) {
    if (Object.hasOwn(scenario.tools, name)) continue; // replaced by the scenario's own (below)
    out.push(tool(name, DESCRIPTIONS[name] ?? `The ${name} tool.`, sig));
  }
  for (const [name, def] of Object.entries(scenario.tools)) {
    out.push(tool(name, def.description ?? `The ${name} tool.`, customSignature(def), (p) => customParamSchema(def, p)));
  }
  return out;
}

/** The schema the tool list gives the parameter, or the one its kind implies. */
function customParamSchema(def: CustomTool, param: string): ParamSchema {
  if (def.paramSchemas !== undefined && Object.hasOwn(def.paramSchemas, param)) return def.paramSchemas[param]!;
  const kinds = def.kinds ?? {};
  return KINDS[Object.hasOwn(kinds, param) ? kinds[param]! : 'text'];
}
