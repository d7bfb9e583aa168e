// The three authoring commands as palette entries (no default hotkeys). Each is offered only when it can run:
// the index is open, and for "Supersede" the active note is a concept, for "File selection back" the editor
// has a selection.
import { Notice, type Command } from 'obsidian';
import { FileBackModal } from './file-back-modal';
import { RelateModal } from './relate-modal';
import type { AuthoringSession } from './session';
import { startSupersede } from './supersede-modal';

function failed(error: unknown): void {
  new Notice(`OKF Graph Wiki: ${(error as Error).message}`, 10_000);
}

export function addRelationCommand(session: AuthoringSession): Command {
  return {
    id: 'add-relation-both-directions',
    name: 'Add relation (both directions)…',
    checkCallback: (checking) => {
      if (!session.ready) return false;
      if (!checking)
        RelateModal.open(session, session.conceptPathOf(session.app.workspace.getActiveFile()?.path)).catch(failed);
      return true;
    },
  };
}

export function supersedeCommand(session: AuthoringSession): Command {
  return {
    id: 'supersede-this-concept',
    name: 'Supersede this concept with…',
    checkCallback: (checking) => {
      const old = session.ready ? session.conceptPathOf(session.app.workspace.getActiveFile()?.path) : null;
      if (old === null) return false;
      if (!checking) startSupersede(session, old).catch(failed);
      return true;
    },
  };
}

export function fileBackCommand(session: AuthoringSession): Command {
  return {
    id: 'file-selection-back-as-concept',
    name: 'File selection back as concept page…',
    editorCheckCallback: (checking, editor) => {
      const body = editor.getSelection();
      if (!session.ready || body.trim() === '') return false;
      if (!checking) new FileBackModal(session.app, session, body).open();
      return true;
    },
  };
}
