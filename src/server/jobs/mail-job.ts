/** Every e-mail goes out through this job: the request only queues it, a worker delivers it (SMTP or the dev mailbox). */
import type { JobDefinition } from './registry';
import type { MailAttachment } from '../plugins/mail';
import type { MailTemplateId } from '../../generated/mail';

export interface MailJobData {
  template: MailTemplateId;
  to: string;
  params: Record<string, string | number>;
  attachments?: MailAttachment[];
}

export const MAIL_QUEUE = 'mail';

export const mailJob: JobDefinition<MailJobData> = {
  name: MAIL_QUEUE,
  async run(app, data) {
    await app.mailTransport.deliver(data.template, data.to, data.params, data.attachments);
  },
  // The template and the address, never the parameters (codes, links, names).
  describe: (data) => ({ template: data.template, to: data.to }),
};
