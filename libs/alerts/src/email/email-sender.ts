import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { AppConfig } from '@scout/core';

export interface EmailOutcome {
  /** The SMTP reply code of the accepted message, or null when it was not accepted. */
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

const SMTP_TIMEOUT_MS = 15_000;

/** Sends alert emails through the SMTP server of SMTP_URL (nodemailer, one pooled transport). */
@Injectable()
export class EmailSender implements OnModuleDestroy {
  private transport?: Transporter;

  constructor(private readonly config: AppConfig) {}

  get configured(): boolean {
    return Boolean(this.config.SMTP_URL);
  }

  async send(to: string, subject: string, text: string): Promise<EmailOutcome> {
    const started = Date.now();
    try {
      const info = await this.transporter().sendMail({ from: this.config.SMTP_FROM, to, subject, text });
      const code = /^(\d{3})/.exec(String(info.response ?? ''));
      return { statusCode: code ? Number(code[1]) : null, error: null, durationMs: Date.now() - started };
    } catch (error) {
      return { statusCode: null, error: error instanceof Error ? error.message : String(error), durationMs: Date.now() - started };
    }
  }

  onModuleDestroy(): void {
    this.transport?.close();
  }

  private transporter(): Transporter {
    if (!this.config.SMTP_URL) throw new Error('email is not configured (SMTP_URL is unset)');
    this.transport ??= createTransport({
      url: this.config.SMTP_URL,
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
    });
    return this.transport;
  }
}
