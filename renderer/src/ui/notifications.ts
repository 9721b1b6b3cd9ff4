/** Whether this window can show system notifications at all (some browsers and hosts cannot). */
export const notificationsSupported = (): boolean => typeof Notification !== 'undefined';
