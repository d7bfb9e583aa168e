// Every lint check, in report order: problems that break reading or the hard rules first (errors), then what
// needs review (warnings), then prompts to look (information).
import { asymmetricRelation } from './asymmetric-relation';
import { asymmetricSupersession } from './asymmetric-supersession';
import { brokenLink } from './broken-link';
import { brokenTarget } from './broken-target';
import type { LintCheck } from './check';
import { contradiction } from './contradiction';
import { danglingSupersession } from './dangling-supersession';
import { invalidConfig } from './invalid-config';
import { invalidFrontmatter } from './invalid-frontmatter';
import { linkedFile, linkedFolder } from './linked-folder';
import { orphan } from './orphan';
import { predicateDrift } from './predicate-drift';
import { caseCollision, duplicateTitle } from './same-name';
import { stale } from './stale';
import { supersededWithoutStatus } from './superseded-without-status';
import { supersessionCycle } from './supersession-cycle';
import { supersessionOrder } from './supersession-order';
import { unreviewedReference } from './unreviewed-reference';

export const LINT_CHECKS: readonly LintCheck[] = [
  invalidConfig,
  invalidFrontmatter,
  linkedFolder,
  linkedFile,
  asymmetricRelation,
  danglingSupersession,
  asymmetricSupersession,
  supersessionCycle,
  supersededWithoutStatus,
  brokenTarget,
  supersessionOrder,
  contradiction,
  predicateDrift,
  stale,
  caseCollision,
  duplicateTitle,
  orphan,
  brokenLink,
  unreviewedReference,
];
