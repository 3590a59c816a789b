/**
 * Who may do what (spec §6), as one rule shared by the server's guards and the screens'
 * buttons, online and offline. The screens pass what they know about the resource (on the
 * device, a concessionário's assigned ids come with the visit pack); the server passes the
 * database's answer. Pure: no I/O.
 */
import type { Role } from './user-rules';

export interface Actor {
  id: string;
  role: Role;
}

export type Action =
  | 'burial:list-mine'
  | 'burial:create'
  | 'burial:edit'
  | 'burial:delete'
  | 'burial:assign'
  | 'tribute:post'
  | 'tribute:delete'
  /** List and manage accounts: create, edit, change a role, delete (admin). */
  | 'user:manage'
  /** Print QR label sheets (admin). */
  | 'label:print'
  /** Replace the cemetery plan image and its corners (admin). */
  | 'plan:edit'
  /** Create, edit, rename and merge cemeteries, and set each one's plan (admin). */
  | 'cemetery:manage'
  /** Export the whole register and import records from a spreadsheet (admin). */
  | 'burial:spreadsheet'
  /** Create, edit, bulk-create and merge graves (admin). */
  | 'grave:manage'
  /**
   * Write a grave's condition note: admins, and a concessionário assigned to a record lying in
   * it (resource.assigned: the assignees of the grave's records).
   */
  | 'grave:note'
  /** Grant, renew, transfer and close concessions; see every titular's data (admin). */
  | 'concession:manage'
  /** See one concession with its titular's private data: admins and the titular's own account. */
  | 'concession:view'
  /** The office's deadlines page (admin). */
  | 'deadline:view'
  /**
   * Re-registration campaigns: create and close them, read every request with its CPF, phone
   * and document, accept or refuse (admin).
   */
  | 'recadastramento:manage'
  /** Ask to be registered as a grave's titular during an open campaign (anyone signed in). */
  | 'recadastramento:request'
  /** One request and its document photo: the office and the person who sent it (ownerId). */
  | 'recadastramento:view'
  /** Open an abandonment (comisso) case, record notices, editais and the decision (admin). */
  | 'comisso:manage'
  /**
   * Read a grave's abandonment cases and add inspections (notes, photos): admins, and a
   * concessionário assigned to a record lying in the grave (resource.assigned), as grave:note.
   */
  | 'comisso:inspect'
  /** Make, list and download backups of the database and the images (admin). */
  | 'backup:manage'
  /** Read the whole audit trail and export it (admin). */
  | 'audit:read'
  /** Read a record's history: admin, and the concessionários assigned to it. */
  | 'burial:history'
  /** Download one's personal data or delete one's account: the person, or an admin for them. */
  | 'account:personal-data'
  /** Create, assign, reschedule and cancel work orders; the office's calendar (admin). */
  | 'order:manage'
  /**
   * See and work one order: tick milestones, comment, add photos, conclude. Admins, and the
   * concessionários it is assigned to (resource.assigned: the order's responsáveis).
   */
  | 'order:work'
  /** Ask the office for a photo, a cleaning or a correction of a grave (any logged-in person). */
  | 'request:create'
  /** Accept or refuse family requests (admin). */
  | 'request:manage'
  /** See one request: the office and the person who made it (resource.ownerId). */
  | 'request:view';

export interface Resource {
  /** burial:edit — the ids of the concessionários assigned to the record. */
  assigned?: readonly string[];
  /** tribute:delete — the author's id. */
  authorId?: string | null;
  /** concession:view — the account linked to the titular, if any. */
  titularUserId?: string | null;
  /** account:personal-data — whose account it is; recadastramento:view — who asked. */
  ownerId?: string;
}

/** Whether the role could ever do this (before looking at any resource). */
export function canEver(actor: Actor | null, action: Action): boolean {
  if (!actor) return false;
  const { role } = actor;
  switch (action) {
    case 'burial:list-mine':
    case 'burial:edit':
    case 'grave:note':
    case 'comisso:inspect':
    case 'burial:history':
    case 'order:work':
      return role === 'admin' || role === 'concessionario';
    case 'concession:view':
    case 'recadastramento:request':
    case 'recadastramento:view':
      return true;
    case 'burial:create':
    case 'burial:delete':
    case 'burial:assign':
    case 'user:manage':
    case 'label:print':
    case 'plan:edit':
    case 'cemetery:manage':
    case 'burial:spreadsheet':
    case 'grave:manage':
    case 'concession:manage':
    case 'deadline:view':
    case 'recadastramento:manage':
    case 'comisso:manage':
    case 'backup:manage':
    case 'audit:read':
    case 'order:manage':
    case 'request:manage':
      return role === 'admin';
    case 'tribute:post':
    case 'tribute:delete':
    case 'account:personal-data':
    case 'request:create':
    case 'request:view':
      return true;
  }
}

/** Whether the actor may do this to this resource. */
export function can(actor: Actor | null, action: Action, resource: Resource = {}): boolean {
  if (!actor || !canEver(actor, action)) return false;
  if (actor.role === 'admin') return true;
  switch (action) {
    case 'burial:edit':
    case 'grave:note':
    case 'comisso:inspect':
      return (resource.assigned ?? []).includes(actor.id);
    case 'concession:view':
      return Boolean(resource.titularUserId) && resource.titularUserId === actor.id;
    case 'burial:history':
    case 'order:work':
      return (resource.assigned ?? []).includes(actor.id);
    case 'account:personal-data':
    case 'request:view':
    case 'recadastramento:view':
      return resource.ownerId === actor.id;
    case 'tribute:delete':
      return Boolean(resource.authorId) && resource.authorId === actor.id;
    default:
      return true;
  }
}
