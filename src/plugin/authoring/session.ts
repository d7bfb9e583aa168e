// What the three authoring commands share: the bundle over the vault, okf-wiki.json, the concepts of the live
// index (for the pickers), and committing a previewed plan the way the CLI does (spec §7.1 steps 4-5): the
// concept files written through the vault, then the index updated through the WikiService (serialized with
// every other index operation), the generated files rewritten and exactly one log.md entry appended.
import type { App } from 'obsidian';
import { commitPlan, type AuthorLogEntry, type CommitOutcome } from '../../core/author/commit';
import type { ChangePlan } from '../../core/author/types';
import type { BundleConfig } from '../../core/config/bundle-config';
import type { ConceptRecord } from '../../core/generate/concept-record';
import { loadBundleConfig } from '../../core/config/load-bundle-config';
import { systemClock, type Clock } from '../../core/types';
import { isIndexedPath, toBundlePath } from '../bundle-scope';
import { Exclusive } from '../exclusive';
import { VaultBundle } from '../vault-bundle';
import type { WikiService } from '../wiki-service';
import { VaultPlanWriter } from './vault-plan-writer';

/** Who the plugin's edits are attributed to in `generated.by` and log.md (OKF actor convention). */
export const DEFAULT_OBSIDIAN_ACTOR = 'human:obsidian';

/** A concept as the pickers offer it. */
export interface ConceptChoice {
  /** Bundle path (`/entities/x.md`). */
  readonly path: string;
  readonly title: string;
  readonly type: string;
}

export class AuthoringSession {
  /** One commit at a time: the "unchanged since the preview" check and the writes never interleave. */
  private readonly commits = new Exclusive();

  constructor(
    readonly app: App,
    readonly service: WikiService,
    readonly actor: string = DEFAULT_OBSIDIAN_ACTOR,
    readonly clock: Clock = systemClock,
  ) {}

  /** The bundle as the core sees it, for the current settings. */
  bundle(): VaultBundle {
    return new VaultBundle(this.app.vault, this.service.scope);
  }

  /** True once the index is open (the commands are offered only then). */
  get ready(): boolean {
    return this.service.isOpen;
  }

  /** okf-wiki.json (declared inverses); its problems are lint's to report, the defaults apply meanwhile. */
  async config(): Promise<BundleConfig> {
    return (await loadBundleConfig(this.bundle())).config;
  }

  /** The index's concepts in path order (read between other index operations, never during one). */
  records(): Promise<ConceptRecord[]> {
    return this.service.conceptRecords();
  }

  async concepts(): Promise<ConceptChoice[]> {
    return (await this.records()).map((r) => ({ path: r.path, title: r.title, type: r.type }));
  }

  /** The bundle path of a vault file when it is an indexed concept, else null. */
  conceptPathOf(vaultPath: string | undefined): string | null {
    if (vaultPath === undefined || !isIndexedPath(this.service.scope, vaultPath)) return null;
    return toBundlePath(this.service.scope, vaultPath);
  }

  /** Writes the plan (after checking nothing changed since the preview), then index, generated files, log.md. */
  commit(plan: ChangePlan): Promise<CommitOutcome> {
    return this.commits.run(async () => {
      const bundle = this.bundle();
      return commitPlan(plan, {
        source: bundle,
        writer: new VaultPlanWriter(this.app.vault, bundle),
        clock: this.clock,
        actor: this.actor,
        refresh: (entry) => this.refresh(bundle, entry),
      });
    });
  }

  private refresh(bundle: VaultBundle, entry: AuthorLogEntry): Promise<void> {
    return this.service.afterEdit(entry, (path) => bundle.vaultPath(path));
  }
}
