import { ApiTags } from '@nestjs/swagger';
import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  RESET_REQUEST_ACCEPTED,
  RESET_SUCCESS,
  checkSessionResponseSchema,
  loginResponseSchema,
  messageResponseSchema,
  restoreSessionResponseSchema,
  userMessageResponseSchema,
  type CheckSessionResponse,
  type IdentityClaims,
  type LoginResponse,
  type RestoreSessionResponse,
} from '@brokerage/contracts';
import { ApiZodResponse, CurrentUser, Public } from '@brokerage/nest-common';
import {
  clearSessionCookie,
  clientMeta,
  sessionCookieFrom,
  sessionHeaderFrom,
  setSessionCookie,
} from '../common/http.js';
import { PasswordResetService } from '../password-reset/password-reset.service.js';
import { UsersService } from '../users/users.service.js';
import { toPublicUser } from '../users/user.mapper.js';
import { AuthService } from './auth.service.js';
import { LoginBody, RegisterBody, ResetPasswordBody, RestoreSessionBody } from './dto/auth.dto.js';
import { NotificationsService } from '../notifications/notifications.service.js';

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly users: UsersService,
    private readonly reset: PasswordResetService,
    private readonly notifications: NotificationsService,
  ) {}

  @Post('register')
  @Public()
  @HttpCode(201)
  @ApiZodResponse(201, userMessageResponseSchema)
  async register(@Body() body: RegisterBody) {
    const user = await this.users.register(body);
    return { message: 'Registration successful', user: toPublicUser(user) };
  }

  @Post('login')
  @Public()
  @HttpCode(200)
  @ApiZodResponse(200, loginResponseSchema)
  async login(@Body() body: LoginBody, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<LoginResponse> {
    const { user, session } = await this.auth.login(body.email, body.password, clientMeta(req));
    await this.notifications.offerBrowserTimeZone(user.id, body.timeZone);
    setSessionCookie(res, session.token);
    return { user, role: user.role, sessionToken: session.token, token: session.token };
  }

  @Post('logout')
  @Public()
  @HttpCode(200)
  @ApiZodResponse(200, messageResponseSchema)
  async logout(
    @CurrentUser() claims: IdentityClaims | undefined,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const sid = claims && claims.role !== 'SERVICE' ? claims.sid : undefined;
    await this.auth.logout(sid, sessionCookieFrom(req), sessionHeaderFrom(req));
    clearSessionCookie(res);
    return { message: 'Logged out' };
  }

  @Get('check-session')
  @Public()
  @ApiZodResponse(200, checkSessionResponseSchema)
  async checkSession(@CurrentUser() claims: IdentityClaims | undefined, @Req() req: Request): Promise<CheckSessionResponse> {
    const live = await this.auth.sessionOf({
      claims,
      cookieToken: sessionCookieFrom(req),
      headerToken: sessionHeaderFrom(req),
    });
    const user = await this.auth.currentUser(live);
    return user ? { authenticated: true, user: toPublicUser(user) } : { authenticated: false };
  }

  /** Deviation 2: the cookie is the credential; {userId, email} only has to match it. */
  @Post('restore-session')
  @Public()
  @HttpCode(200)
  @ApiZodResponse(200, restoreSessionResponseSchema)
  async restore(
    @Body() body: RestoreSessionBody,
    @CurrentUser() claims: IdentityClaims | undefined,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<RestoreSessionResponse> {
    const { user, session } = await this.auth.restore(
      body,
      { cookieToken: sessionCookieFrom(req), claims },
      clientMeta(req),
    );
    setSessionCookie(res, session.token);
    return { message: 'Session restored', user, sessionToken: session.token, token: session.token };
  }

  /** Deviation 1: {email} e-mails a single-use link; {token, newPassword} sets the password. */
  @Post('reset-password')
  @Public()
  @HttpCode(200)
  @ApiZodResponse(200, messageResponseSchema)
  async resetPassword(@Body() body: ResetPasswordBody) {
    if (body.confirm) {
      await this.reset.confirm(body.confirm.token, body.confirm.newPassword);
      return { message: RESET_SUCCESS };
    }
    if (body.request) await this.reset.request(body.request.email);
    return { message: RESET_REQUEST_ACCEPTED };
  }
}
