import { createZodDto } from '@brokerage/nest-common';
import { agentIdParamsSchema } from '@brokerage/contracts';

export class AgentIdParams extends createZodDto(agentIdParamsSchema) {}
