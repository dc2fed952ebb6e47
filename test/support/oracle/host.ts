// Host classification, shared by every revision's AST builder. Each revision names, in its own
// grammar's words, the rules that make a host an address of some kind; everything else is its
// default kind (a hostname, or RFC 3986's reg-name).
import { findNode, spanOf, textOf, type DerivationNode } from "./derivation";
import type { Host } from "./types";

/** One kind of address: the rule whose match inside a host makes it that kind. */
export interface HostShape {
  rule: string;
  kind: Host["kind"];
  /** The rule whose text is the address without its brackets (IPv6, IPvFuture). */
  address?: string;
}

/** How a revision tells its hosts apart: the shapes, tried in order, and the kind of any other host. */
export interface HostClassification {
  shapes: readonly HostShape[];
  otherwise: Host["kind"];
}

/** draft-1993, draft-1994, rfc1738 §5, draft-1997 §4.3.1: host = hostname | hostnumber. */
export const HOSTNAME_OR_HOSTNUMBER: HostClassification = { shapes: [{ rule: "hostnumber", kind: "IPv4" }], otherwise: "hostname" };

/**
 * The host a node derives (a host rule, or a rule that is one of its alternatives), classified. The
 * address is given when the host holds it in brackets (the node is not the address rule itself).
 */
export function classifyHost(node: DerivationNode, input: string, how: HostClassification): Host {
  for (const shape of how.shapes) {
    const found = findNode(node, shape.rule);
    if (!found) continue;
    const addressNode = shape.address === undefined ? undefined : findNode(found, shape.address);
    if (addressNode && node.rule !== shape.address) return { text: input.slice(node.start, node.end), span: spanOf(node), kind: shape.kind, address: textOf(addressNode, input) };
    return { text: input.slice(node.start, node.end), span: spanOf(node), kind: shape.kind };
  }
  return { text: input.slice(node.start, node.end), span: spanOf(node), kind: how.otherwise };
}
