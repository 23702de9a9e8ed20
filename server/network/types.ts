// The network port (ARCHITECTURE.md): what the operator's provisioning/BSS systems know about a line.
// One interface; the embedded driver is a simulation, a real operator implements the same methods
// against its systems. It is the one source of a line's features and services (its plan, money and
// bundles are the charging port's, server/charging/): the profile,
// the line-feature screens and the spec API all read them here, so they agree at every moment.
import type { Language } from "../../common/language.ts";
import type { AutoReply, FeatureKey, FeatureOption, LineState } from "../line-features/types.ts";

/** A service the line has: a feature whose main switch is on, and since when. */
export interface LineService {
  feature: FeatureKey;
  /** When its main switch went on (changing its options while on keeps it). */
  since: Date;
}

export interface SubscriberLine {
  gsm: string;
  /** The subscriber's name as the operator registered it, in the asked language. */
  name: string;
  /** The line's state on the network (hotline), as lineStatus answers it at the same moment. */
  state: LineState;
  /** Exactly the features that readFeature answers with serviceState 1 at the same moment, oldest first. */
  activeServices: LineService[];
}

/** A line's state on the network (hotline), with the national ID it is registered to. */
export interface LineStatus {
  state: LineState;
  nationalId: string;
  stateChangedAt: Date | null;
}

/** The network's state of one feature of a line, as it is written. */
export interface FeatureState {
  serviceState: 0 | 1;
  customerState: FeatureOption[];
  /** Call barring: when the bar ends by itself (from then on the network reads it as off). */
  endsAt: Date | null;
}

/** A feature as the network reads it now: a bar past its end is off. */
export interface FeatureReading extends FeatureState {
  /** When the main switch went on; null while off. */
  activeSince: Date | null;
}

export interface CallerQuery {
  since: Date;
  /** Only calls from this number, or every caller when null. */
  caller: string | null;
  /** From 0. */
  page: number;
  size: number;
}

/** The line features the network keeps (step 3): read and write, no business rules (server/line-features/ has them). */
export interface LineFeaturesPort {
  lineStatus(gsm: string): Promise<LineStatus>;
  setLineState(gsm: string, state: LineState): Promise<void>;
  readFeature(gsm: string, feature: FeatureKey): Promise<FeatureReading>;
  /**
   * Replaces the feature's whole state at once: two writes at the same time leave one of them, never a mix.
   * The network keeps when the main switch went on (activeSince) itself.
   */
  writeFeature(gsm: string, feature: FeatureKey, state: FeatureState): Promise<void>;
  readAutoReply(gsm: string): Promise<AutoReply>;
  writeAutoReply(gsm: string, autoReply: AutoReply): Promise<void>;
  /** Calls the line received since `since`, newest first, a page of them, and how many there are in all. */
  listCallers(gsm: string, query: CallerQuery): Promise<{ records: { number: string; calledAt: Date }[]; total: number }>;
}

export interface NetworkPort extends LineFeaturesPort {
  /** "embedded-simulation" for the built-in driver. */
  readonly driver: string;
  /** The line's subscriber (name in `language`) and services. */
  subscriberLine(gsm: string, language: Language): Promise<SubscriberLine>;
  close(): Promise<void>;
}
