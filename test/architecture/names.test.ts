/**
 * Names that explain (issue 23): no exported function, exported class method or constructor, or
 * exported arrow-function constant in src/ takes a one-letter parameter (`_` alone, "unused", is
 * allowed), and none takes an inline object-literal type of more than MAX_INLINE_MEMBERS members
 * (an options object that deserves a named type). Local helpers and loop variables may stay short.
 * Parsing only (no type checker), so the whole of src/ takes a second or two.
 * A failure lists every offender as `FILE:LINE name(params)`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../..');
const SRC = join(ROOT, 'src');
const MAX_INLINE_MEMBERS = 3;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}

const isExported = (node: ts.Node): boolean =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);

/** Names exported by `export { a, b as c }` without a module: declared here, exported below. */
function exportedByList(file: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  for (const statement of file.statements) {
    if (!ts.isExportDeclaration(statement) || statement.moduleSpecifier || !statement.exportClause) continue;
    if (!ts.isNamedExports(statement.exportClause)) continue;
    for (const element of statement.exportClause.elements) names.add((element.propertyName ?? element.name).text);
  }
  return names;
}

/** `[name, function]` for every exported function, exported class's method/constructor/setter and exported arrow constant. */
function exportedFunctions(file: ts.SourceFile): [string, ts.SignatureDeclaration][] {
  const listed = exportedByList(file);
  const exported = (node: ts.Node, name: string | undefined): boolean => isExported(node) || (name !== undefined && listed.has(name));
  const found: [string, ts.SignatureDeclaration][] = [];
  for (const statement of file.statements) {
    if (ts.isFunctionDeclaration(statement) && exported(statement, statement.name?.text)) {
      found.push([statement.name?.text ?? 'default', statement]);
    } else if (ts.isClassDeclaration(statement) && exported(statement, statement.name?.text)) {
      for (const member of statement.members) {
        if (ts.isConstructorDeclaration(member)) found.push([`${statement.name?.text}.constructor`, member]);
        else if (ts.isMethodDeclaration(member) || ts.isSetAccessorDeclaration(member)) {
          found.push([`${statement.name?.text}.${member.name.getText(file)}`, member]);
        }
      }
    } else if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (!ts.isIdentifier(declaration.name) || !exported(statement, declaration.name.text)) continue;
        let value = declaration.initializer;
        while (value && (ts.isAsExpression(value) || ts.isSatisfiesExpression(value) || ts.isParenthesizedExpression(value))) {
          value = value.expression;
        }
        if (value && (ts.isArrowFunction(value) || ts.isFunctionExpression(value))) found.push([declaration.name.text, value]);
      }
    }
  }
  return found;
}

const oneLetter = (parameter: ts.ParameterDeclaration): boolean =>
  ts.isIdentifier(parameter.name) && parameter.name.text.length === 1 && parameter.name.text !== '_';
const inlineOptions = (parameter: ts.ParameterDeclaration): boolean =>
  parameter.type !== undefined && ts.isTypeLiteralNode(parameter.type) && parameter.type.members.length > MAX_INLINE_MEMBERS;

/** `path:line name(params)` for every exported function of `text` with a one-letter parameter or an inline options type. */
function offenders(path: string, text: string): string[] {
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.ES2022, true);
  return exportedFunctions(file).flatMap(([name, fn]) => {
    const letters = fn.parameters.filter(oneLetter);
    const inline = fn.parameters.filter(inlineOptions);
    if (letters.length === 0 && inline.length === 0) return [];
    const line = file.getLineAndCharacterOfPosition(fn.getStart(file)).line + 1;
    const params = fn.parameters.map((parameter) => parameter.name.getText(file)).join(', ');
    const why = inline.length > 0 ? ` [inline options type: ${inline.map((parameter) => parameter.name.getText(file)).join(', ')}]` : '';
    return [`${path}:${line} ${name}(${params})${why}`];
  });
}

describe('names in src/', () => {
  it('the check finds what it looks for', () => {
    const sample = [
      'export function f(s: string, _: number, count: number) {}',
      'function local(s: string) {}',
      'export class A { constructor(o: object) {} run(value: number) {} private m(e: Error) {} }',
      'class Hidden { m(e: Error) {} }',
      'export const g = (k: string) => k;',
      'const h = (v: string) => v;',
      'export { h };',
      'export function opts(options: { a: 1; b: 2; c: 3; d: 4 }) {}',
      'export function small(options: { a: 1; b: 2; c: 3 }) {}',
      'export function fine({ s }: { s: string }, scenario: string) {}',
    ].join('\n');
    expect(offenders('x.ts', sample)).toEqual([
      'x.ts:1 f(s, _, count)',
      'x.ts:3 A.constructor(o)',
      'x.ts:3 A.m(e)',
      'x.ts:5 g(k)',
      'x.ts:6 h(v)',
      'x.ts:8 opts(options) [inline options type: options]',
    ]);
  });

  it('no exported function takes a one-letter parameter or an unnamed options type', () => {
    const found = sourceFiles(SRC).flatMap((file) => offenders(relative(ROOT, file).split('\\').join('/'), readFileSync(file, 'utf8')));
    expect(found, `parameters to rename, options types to name:\n${found.join('\n')}`).toEqual([]);
  });
});
