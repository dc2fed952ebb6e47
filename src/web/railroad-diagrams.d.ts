// Types for railroad-diagrams 1.0.0 (Tab Atkins Jr., CC0), the parts the explorer uses.
declare module "railroad-diagrams" {
  export interface RailroadItem {
    width: number;
    up: number;
    down: number;
    attrs: Record<string, string | number>;
    children: RailroadItem[] | string;
    format(x: number, y: number, width: number): RailroadItem;
    toString(): string;
  }
  export interface RailroadDiagram extends RailroadItem {
    format(paddingt?: number, paddingr?: number, paddingb?: number, paddingl?: number): RailroadDiagram;
  }
  export function Diagram(...items: (RailroadItem | string)[]): RailroadDiagram;
  export function ComplexDiagram(...items: (RailroadItem | string)[]): RailroadDiagram;
  export function Sequence(...items: (RailroadItem | string)[]): RailroadItem;
  export function Choice(normal: number, ...items: (RailroadItem | string)[]): RailroadItem;
  export function Optional(item: RailroadItem | string, skip?: "skip"): RailroadItem;
  export function OneOrMore(item: RailroadItem | string, repeat?: RailroadItem | string): RailroadItem;
  export function ZeroOrMore(item: RailroadItem | string, repeat?: RailroadItem | string, skip?: "skip"): RailroadItem;
  export function Terminal(text: string): RailroadItem;
  export function NonTerminal(text: string): RailroadItem;
  export function Comment(text: string): RailroadItem;
  export function Skip(): RailroadItem;
}
