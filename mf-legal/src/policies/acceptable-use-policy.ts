import type { PolicyDocument } from './policy-document';

export const acceptableUsePolicy: PolicyDocument = {
  id: 'acceptable-use-policy',
  title: 'Acceptable Use Policy',
  lastUpdated: '2026-11-01',
  summary:
    'This policy sets out what you may and may not do when using Crease. It protects other viewers, the rights holders who make live cricket possible, and the security of the service.',
  sections: [
    {
      id: 'scope',
      heading: 'Scope of this policy',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Crease is operated by Crease Streaming Ltd ("Crease", "we", "us" or "our"). This Acceptable Use Policy forms part of our Terms of Service and applies to everyone who uses the Crease website, player or any related feature, whether or not they hold a subscription.',
        },
        {
          kind: 'paragraph',
          text: 'The live cricket we stream is licensed to us by leagues, boards and broadcasters on strict conditions. Many of the rules below exist because those licences require them, and breaking them can put the availability of events for all viewers at risk.',
        },
      ],
    },
    {
      id: 'personal-viewing',
      heading: 'Personal, non-commercial viewing',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Your subscription is for personal, non-commercial viewing by you and members of your household. You must not:',
        },
        {
          kind: 'list',
          items: [
            'show streams in a pub, bar, club, restaurant, hotel, ground, shop or other public or commercial venue;',
            'charge anyone, directly or indirectly, to watch content from Crease; or',
            'use content from Crease in advertising, promotion or any commercial product or service.',
          ],
        },
        {
          kind: 'paragraph',
          text: 'If you want to show Crease content to the public or for business purposes, contact legal@crease.example to ask about commercial licensing.',
        },
      ],
    },
    {
      id: 'no-redistribution',
      heading: 'No restreaming, recording or redistribution',
      blocks: [
        {
          kind: 'paragraph',
          text: 'You must not copy, capture or pass on content from Crease in any form. In particular, you must not:',
        },
        {
          kind: 'list',
          items: [
            'restream or rebroadcast any stream, in whole or in part, on any website, app, social media platform or messaging service;',
            'record, download, screen-capture or otherwise save streams, except through any download feature we expressly provide;',
            'share, sell or publish clips, highlights, scorecard graphics or commentary taken from Crease streams; or',
            'share direct links to stream files, playlists or manifests, or embed our player on another website.',
          ],
        },
      ],
    },
    {
      id: 'account-sharing',
      heading: 'Account sharing and screen limits',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Each plan allows a set number of screens playing at the same time. That limit is part of what you pay for, and you must respect it. You must not:',
        },
        {
          kind: 'list',
          items: [
            'share your email address and password with anyone outside your household;',
            'sell, rent, lend or give away access to your account;',
            "try to get around your plan's limit on screens at a time, for example by altering or spoofing device identifiers or stream tokens, or by using multiple free trials; or",
            "use another person's account without their permission.",
          ],
        },
      ],
    },
    {
      id: 'regional-restrictions',
      heading: 'Regional restrictions',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Our rights to show many events are limited to particular countries or regions, and some events are subject to local blackouts. You must not use a VPN, proxy, DNS service, false location data or any other method to hide or misrepresent your location in order to access content that is not available where you are. We may block traffic from services known to be used to get around regional restrictions.',
        },
      ],
    },
    {
      id: 'automated-access',
      heading: 'Scraping, bots and automated access',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Crease is designed for people, not programs. You must not:',
        },
        {
          kind: 'list',
          items: [
            'use bots, scripts, crawlers, scrapers or other automated tools to access the service, create accounts, sign in or collect data, including schedules, scores, prices or user information;',
            'use automated tools to test passwords or payment cards against our sign-in or checkout pages; or',
            'send requests at a volume or rate that places an unreasonable load on our systems.',
          ],
        },
      ],
    },
    {
      id: 'security-and-integrity',
      heading: 'Security and integrity of the service',
      blocks: [
        {
          kind: 'paragraph',
          text: 'You must not do anything that harms, or tries to harm, the security or proper working of Crease. This includes:',
        },
        {
          kind: 'list',
          items: [
            'trying to get around, disable or interfere with our invisible bot check, sign-in protections, cross-site request forgery protections or other security measures;',
            'accessing or trying to access accounts, data or systems that you are not authorised to use, or probing, scanning or testing the vulnerability of our systems without our written permission;',
            'copying, stealing or reusing access tokens or session data belonging to you or anyone else to get around device or stream limits;',
            'reverse engineering, decompiling, disassembling or modifying our video player, apps or any content protection or digital rights management technology, except to the extent the law expressly allows this;',
            'uploading or sending viruses, malware or other harmful code; or',
            'using the service to break any law or to harass, threaten or impersonate anyone, including our staff.',
          ],
        },
        {
          kind: 'paragraph',
          text: 'If you find a security vulnerability, please report it responsibly to support@crease.example and do not exploit it or share it with others.',
        },
      ],
    },
    {
      id: 'reporting-abuse',
      heading: 'Reporting abuse',
      blocks: [
        {
          kind: 'paragraph',
          text: 'If you see Crease content being restreamed or shared without permission, or you believe someone is misusing your account or the service, please tell us at support@crease.example. Include as much detail as you can, such as links, dates and times. Rights holders can send formal notices to legal@crease.example.',
        },
        {
          kind: 'paragraph',
          text: 'If you suspect someone else has access to your account, change your password, remove any devices you do not recognise in your account settings and contact us.',
        },
      ],
    },
    {
      id: 'enforcement',
      heading: 'Enforcement',
      blocks: [
        {
          kind: 'paragraph',
          text: 'We monitor use of the service, including device registrations, concurrent streams, bot-check scores and traffic patterns, to detect breaches of this policy. If we believe you have broken this policy, we may take one or more of the following steps, depending on how serious the breach is:',
        },
        {
          kind: 'list',
          items: [
            'send you a warning;',
            'sign you out of some or all devices, remove registered devices or require you to reset your password;',
            'block particular streams, devices, IP addresses or network ranges;',
            'suspend your account temporarily;',
            'terminate your account and subscription without a refund for serious or repeated breaches; and',
            'report the matter to rights holders or law enforcement, or take legal action, where appropriate.',
          ],
        },
        {
          kind: 'paragraph',
          text: 'We will act fairly and in proportion to the breach. If you think we have made a mistake, contact support@crease.example and we will review our decision.',
        },
      ],
    },
    {
      id: 'changes',
      heading: 'Changes to this policy',
      blocks: [
        {
          kind: 'paragraph',
          text: 'We may update this policy to reflect changes to the service, our broadcast rights or the law. We will change the date at the top of this page when we do, and if a change is significant we will tell you by email or in the service before it takes effect. Questions about this policy can be sent to legal@crease.example.',
        },
      ],
    },
  ],
};
