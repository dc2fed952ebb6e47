import { mainElement, startPage } from "../lib/dom";
startPage(() => { mainElement(); });
