import { Module } from '@nestjs/common';
import { ClientFormsModule } from '../client-forms/client-forms.module.js';
import { QuestionnaireController } from './questionnaire.controller.js';
import { QuestionnaireService } from './questionnaire.service.js';

@Module({ imports: [ClientFormsModule], controllers: [QuestionnaireController], providers: [QuestionnaireService] })
export class QuestionnaireModule {}
