// The network port (ARCHITECTURE.md): what the operator's provisioning/BSS systems know about a line.
// One interface; the embedded driver is a simulation, a real operator implements the same methods
// against its systems. Later steps add line features (call forwarding, super clip, callers) here.
import type { Language } from "../../common/language.ts";
import type { ActiveBundle, ActiveService } from "../account/types.ts";

export interface SubscriberLine {
  gsm: string;
  /** The subscriber's name as the operator registered it, in the asked language. */
  name: string;
  lineType: "prepaid" | "postpaid";
  /** Prepaid balance in the configured currency; null for postpaid lines. */
  balance: number | null;
  activeBundles: ActiveBundle[];
  activeServices: ActiveService[];
}

export interface NetworkPort {
  /** "embedded-simulation" for the built-in driver. */
  readonly driver: string;
  /** The line's subscriber, plan, balance, bundles and services, texts in `language`. */
  subscriberLine(gsm: string, language: Language): Promise<SubscriberLine>;
  close(): Promise<void>;
}
