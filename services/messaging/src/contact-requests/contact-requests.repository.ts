import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ContactMessageEntity } from './contact-message.entity.js';
import { CallbackRequestEntity } from './callback-request.entity.js';

@Injectable()
export class ContactRequestsRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  insertContactMessage(row: Omit<ContactMessageEntity, 'id' | 'createdAt'>): Promise<ContactMessageEntity> {
    const repo = this.ds.getRepository(ContactMessageEntity);
    return repo.save(repo.create(row));
  }

  insertCallbackRequest(row: Omit<CallbackRequestEntity, 'id' | 'createdAt'>): Promise<CallbackRequestEntity> {
    const repo = this.ds.getRepository(CallbackRequestEntity);
    return repo.save(repo.create(row));
  }

  latestContactMessages(limit: number): Promise<ContactMessageEntity[]> {
    return this.ds.getRepository(ContactMessageEntity).find({ order: { createdAt: 'DESC', id: 'DESC' }, take: limit });
  }

  latestCallbackRequests(limit: number): Promise<CallbackRequestEntity[]> {
    return this.ds.getRepository(CallbackRequestEntity).find({ order: { createdAt: 'DESC', id: 'DESC' }, take: limit });
  }
}
