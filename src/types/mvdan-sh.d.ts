// The part of mvdan-sh (mvdan/sh compiled to JavaScript by GopherJS) that src/world/shell.ts
// uses. The package ships no types; its objects are Go structs seen through GopherJS.
declare module 'mvdan-sh' {
  export interface ShNode {
    readonly [field: string]: unknown;
  }
  export interface ShParser {
    Parse(src: string, name: string): ShNode;
  }
  export interface ShSyntax {
    NewParser(...options: unknown[]): ShParser;
    KeepComments(keep: boolean): unknown;
    Variant(lang: unknown): unknown;
    readonly LangPOSIX: unknown;
    readonly LangBash: unknown;
    /** A copy of the word with its unquoted brace expressions as BraceExp parts. */
    SplitBraces(word: ShNode): unknown;
    NodeType(node: unknown): string;
    Walk(node: ShNode, visit: (node: ShNode | null) => boolean): void;
    NewPrinter(...options: unknown[]): { Print(node: ShNode): string };
  }
  const sh: { readonly syntax: ShSyntax };
  export default sh;
}
