import { openApiDocument } from './document';

let text: string | undefined;

/** The document as served and committed: 2-space JSON with a final newline (Prettier's form). */
export function openApiDocumentText(): string {
  text ??= `${JSON.stringify(openApiDocument(), null, 2)}\n`;
  return text;
}
