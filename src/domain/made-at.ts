/**
 * Sent by the outbox with each queued write: when the person made it on the device (the audit
 * trail keeps it beside the server's time). Its own small module: the outbox sender, on every
 * page, needs the name and none of the audit page's labels.
 */
export const MADE_AT_HEADER = 'x-feito-em';
