import { Injectable, type PipeTransform } from '@nestjs/common';
import { NotFoundError } from '@scout/core';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id that is not a UUID names nothing: 404, without asking the database. */
@Injectable()
export class UuidParam implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!UUID.test(value)) throw new NotFoundError(`No record with id "${value.slice(0, 64)}".`);
    return value.toLowerCase();
  }
}
