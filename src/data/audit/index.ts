/**
 * The audit trail's door: a record's history, the admin's audit page and its CSV, and a
 * person's own data (download, account deletion). Calls straight to the API, admin or owner work.
 */
export {
  AUDIT_CALL_MSG,
  deleteAccount,
  downloadAuditCsv,
  downloadPersonalData,
  type HistoryKind,
  useAuditPage,
  useHistory,
} from './audit-calls';
