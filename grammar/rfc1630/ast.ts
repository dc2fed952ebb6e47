// What RFC 1630's URL grammar ("BNF for specific URL schemes") cannot state as a rule's match, for
// the generated builder (generated/rfc1630.ast.ts, from grammar/rfc1630/grammar.peggy's @field annotations).
// The URL section is the 1994 draft's, rule for rule (grammar/rfc1630/README.md), and so are the words these
// pieces follow; they are the 1994 draft's functions (grammar/draft-1994/ast.ts), cited here in RFC 1630's
// words:
// - directories(), fileName(): FTP, "Path": "The arguments of any CWD commands are successive segment
//   parts of the URL delimited by slash, and the final segment is suitable as the filename argument
//   to the RETR command for retrieval or the directory argument to NLIST."
// - mailtoAddress(): `m a i l t o : xalphas @ hostname`, the address is everything after "mailto:"
//   (Mailto: "This allows a URL to specify an RFC822 addr-spec mail address").
// - waisFields(): WAIS: "For each field, the identifier field number is the digits before the equals
//   sign, and the field contents follow, encoded in the conventional encoding, terminated by ";"."
export { directories, fileName, mailtoAddress, waisFields } from "../draft-1994/ast";
export type { Draft1994WaisField as Rfc1630WaisField } from "../draft-1994/ast";
