import type { PolicyDocument } from './policy-document';

export const termsOfService: PolicyDocument = {
  id: 'terms-of-service',
  title: 'Terms of Service',
  lastUpdated: '2026-11-29',
  summary:
    'These terms form the agreement between you and Crease Streaming Ltd when you create an account, buy a pass or a subscription, start a free trial and watch live cricket on Crease. Please read them carefully, because by using the service you agree to them.',
  sections: [
    {
      id: 'who-we-are',
      heading: 'Who we are and what these terms cover',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Crease is a live-cricket streaming subscription service operated by Crease Streaming Ltd ("Crease", "we", "us" or "our"). These Terms of Service apply to the Crease website, our players and apps, and any related features we provide (together, the "service").',
        },
        {
          kind: 'paragraph',
          text: 'These terms should be read together with our Privacy Policy, Cookie Policy, Refund Policy and Acceptable Use Policy, which form part of this agreement. If there is a conflict between these terms and another policy, these terms apply unless the other policy expressly says otherwise.',
        },
      ],
    },
    {
      id: 'eligibility-and-accounts',
      heading: 'Eligibility, accounts and security',
      blocks: [
        {
          kind: 'paragraph',
          text: 'You must be at least 18 years old to create an account and buy a subscription. If you are under 18, you may only use the service with the consent and supervision of a parent or legal guardian, who must create and manage the account and who accepts these terms on your behalf.',
        },
        {
          kind: 'paragraph',
          text: 'When you register, you agree to:',
        },
        {
          kind: 'list',
          items: [
            'give us accurate and complete information, including a working email address, and keep it up to date;',
            'keep your password confidential and not reuse it on other services;',
            'not share your login details with anyone outside your household;',
            'tell us promptly at support@crease.example if you think someone else has accessed your account; and',
            'accept responsibility for activity that happens under your account, unless it results from our failure to keep the service secure.',
          ],
        },
        {
          kind: 'paragraph',
          text: 'We may ask you to verify your email address or sign in again from time to time, and we may sign you out of devices or sessions to protect your account.',
        },
      ],
    },
    {
      id: 'subscriptions-and-trials',
      heading: 'Plans: passes, subscriptions and the free trial',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Watching live streams needs a plan or the free trial. We sell two kinds of plan. A pass is paid once for its whole length and never renews: it simply ends. A subscription renews at the end of each period and is charged again until you cancel it. The plans on sale are:',
        },
        {
          kind: 'list',
          items: [
            'Match Pass — a pass: 1 day of access, paid once; it never renews.',
            'Monthly — a subscription: renews every 30 days until you cancel.',
            'Season — a pass: 180 days of access, paid once; it never renews.',
            'Annual — a subscription: renews every 365 days until you cancel.',
          ],
        },
        {
          kind: 'paragraph',
          text: 'Each plan also says how many screens can watch at the same time. The plan selection page shows every plan with its price, its length, whether it renews and its screens before you pay.',
        },
        {
          kind: 'paragraph',
          text: 'The free trial lasts 7 days and includes up to 120 minutes of watching in total, at most 30 minutes a day. Watching time is counted by our servers while a stream plays. No card is needed, nothing is charged, and the trial never turns into a paid plan: when it ends, or its minutes are used up, you simply stop being able to watch until you choose a plan. There is nothing to cancel.',
        },
        {
          kind: 'paragraph',
          text: 'The free trial is for new accounts: one per account and one per device. To stop trials being farmed, only a limited number of trials can start from one network each day. When a trial is not available to you, the plan selection page and the trial page say so, and why, before you try to start it.',
        },
        {
          kind: 'paragraph',
          text: 'When you buy a subscription, your card is saved with our payment provider so that renewals can be charged. At the end of each period we charge the price of your subscription for the next period. Your account page shows the date of the next renewal.',
        },
        {
          kind: 'paragraph',
          text: 'You can cancel a subscription at any time on your account page. Cancelling turns renewal off: you keep access until the end of the period you have paid for, and you are not charged again. Until that date you can resume the subscription, which turns renewal back on. A pass has nothing to cancel; your account page shows the date it ends.',
        },
        {
          kind: 'paragraph',
          text: 'You can move to a more expensive subscription at any time: the unused part of your current period is credited against the price of the new plan, and the new plan starts at once. A move to a cheaper subscription takes effect at the end of your current period, and the cheaper price is charged from then on.',
        },
      ],
    },
    {
      id: 'match-and-season-passes',
      heading: 'Passes for one match or one season',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Besides the plans above, you can buy a pass for a single match or for a single league’s season, from the match’s card, the match page or the league’s page. They are priced in your currency, with any tax included and shown before you pay.',
        },
        {
          kind: 'list',
          items: [
            'A match pass plays one match, live and its replay, and no other match.',
            'A season pass plays every match of one league’s season, live and their replays, and no match of another league.',
            'Either pass plays on 1 screen at a time.',
            'Either pass is paid once and never renews. It is not a subscription, so there is nothing to cancel.',
          ],
        },
        {
          kind: 'paragraph',
          text: 'A pass names its match, not a date: if the match is postponed, your match pass plays it on its new date. We do not sell a pass for a match that has been cancelled, or for a match that is over and has no replay, and we do not sell a pass that you already have or that your running subscription already includes. If the same pass is paid twice at once, for example in two windows, only the first payment is taken.',
        },
      ],
    },
    {
      id: 'devices-and-streams',
      heading: 'Devices and concurrent streams',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Each plan allows a set number of screens that can play at the same time ("screens at a time"). It is shown on the plan selection page and in your account settings. You may register as many devices as you like: the limit counts only the devices that are playing.',
        },
        {
          kind: 'list',
          items: [
            'A device is registered to your account the first time you sign in and watch on it.',
            'A device you have not used for 90 days is removed from your account by itself; signing in on it again registers it again.',
            'If you try to start more streams than your plan allows, the new stream does not start: the player names the devices that are playing and lets you stop playback on one of them. A stream stops counting when it is closed or, if the device just goes away, within about two minutes.',
            'HD and other higher-quality video depends on your plan, your device, your internet connection and the quality of the broadcast feed we receive.',
          ],
        },
      ],
    },
    {
      id: 'live-event-availability',
      heading: 'Availability of live events',
      blocks: [
        {
          kind: 'paragraph',
          text: 'We stream cricket leagues and events under licences from rights holders. Which leagues, matches and events are available depends on the rights we hold, and these can change. A subscription gives you access to the content available on the service during your subscription; it does not guarantee that any particular league, team, match or event will be available.',
        },
        {
          kind: 'paragraph',
          text: 'In particular, you understand and accept that:',
        },
        {
          kind: 'list',
          items: [
            'some events may be unavailable in your country or region, or may be subject to local blackouts, because of the terms of our broadcast rights;',
            'start times and schedules are set by organisers and broadcasters and may change without notice;',
            'matches may be delayed, interrupted, shortened or abandoned because of rain, bad light, other weather conditions or decisions of match officials, and we cannot control this;',
            'the broadcast feed we receive may be interrupted or of reduced quality for reasons outside our control; and',
            'replays, highlights and other on-demand content may only be available for a limited time.',
          ],
        },
        {
          kind: 'paragraph',
          text: 'Where we can, we will show schedule changes on the event page. If a paid event stream fails for technical reasons within our control, you may be entitled to a refund or credit as described in our Refund Policy.',
        },
      ],
    },
    {
      id: 'acceptable-use',
      heading: 'Acceptable use',
      blocks: [
        {
          kind: 'paragraph',
          text: 'The service is for your personal, non-commercial viewing only. You must use it in line with our Acceptable Use Policy, which explains, among other things, that you must not restream, record or redistribute content, share your account beyond your plan limits, use tools to get around regional restrictions, or interfere with the security of the service.',
        },
        {
          kind: 'paragraph',
          text: 'Showing streams in a public venue such as a pub, club, bar or ground, or to a paying audience, requires a separate commercial licence and is not permitted under a consumer subscription.',
        },
      ],
    },
    {
      id: 'intellectual-property',
      heading: 'Intellectual property',
      blocks: [
        {
          kind: 'paragraph',
          text: 'The streams, broadcasts, commentary, graphics, logos, software and other content on the service are owned by Crease Streaming Ltd, our licensors or the relevant rights holders, and are protected by copyright, trade mark and other laws.',
        },
        {
          kind: 'paragraph',
          text: 'While your pass, subscription or free trial is active and you comply with these terms, we grant you a limited, personal, non-exclusive, non-transferable and revocable licence to access and view the content through the service. You do not acquire any ownership of the content, and you may not copy, sell, license, publicly perform or otherwise exploit it except as these terms allow.',
        },
      ],
    },
    {
      id: 'cancellation-and-termination',
      heading: 'Cancellation, suspension and termination',
      blocks: [
        {
          kind: 'paragraph',
          text: 'You can cancel a subscription at any time on your account page or by contacting support@crease.example. Cancelling stops future renewals; you keep access until the end of the period you have already paid for, and you can resume before then. A pass is never renewed, so there is nothing to cancel: it ends on its end date. Refunds are handled under our Refund Policy.',
        },
        {
          kind: 'paragraph',
          text: 'We may suspend or terminate your account or plan, with notice where reasonably possible, if:',
        },
        {
          kind: 'list',
          items: [
            'you seriously or repeatedly breach these terms or the Acceptable Use Policy;',
            'we are required to do so by law, a court or a regulator;',
            'we suspect fraud, payment abuse or unauthorised access to your account; or',
            'we stop offering the service, in which case we will give you reasonable notice and a pro rata refund of any fees paid for the period after the service ends.',
          ],
        },
        {
          kind: 'paragraph',
          text: 'You can also ask us to close your account entirely. Sections of these terms that by their nature should continue after termination, such as intellectual property, liability and governing law, will continue to apply.',
        },
      ],
    },
    {
      id: 'disclaimers-and-liability',
      heading: 'Disclaimers and limitation of liability',
      blocks: [
        {
          kind: 'paragraph',
          text: 'We work hard to keep the service running smoothly, but live streaming depends on networks, devices and broadcast feeds that we do not fully control. We do not promise that the service will always be available, uninterrupted, error-free or available in every quality on every device.',
        },
        {
          kind: 'paragraph',
          text: 'Nothing in these terms excludes or limits our liability where it would be unlawful to do so, including liability for death or personal injury caused by our negligence, for fraud or fraudulent misrepresentation, or your statutory rights as a consumer. Subject to that:',
        },
        {
          kind: 'list',
          items: [
            'we are not liable for losses that were not reasonably foreseeable when you agreed to these terms;',
            'we are not liable for business losses, such as loss of profit, revenue or business opportunity, because the service is for personal use only;',
            'we are not liable for delays or failures caused by events outside our reasonable control, including weather, decisions of match organisers, loss of broadcast rights, or failures of third-party networks; and',
            'our total liability to you in connection with the service is limited to the fees for passes and subscriptions you paid to us in the 12 months before the event giving rise to the claim.',
          ],
        },
      ],
    },
    {
      id: 'changes-and-governing-law',
      heading: 'Changes to these terms and governing law',
      blocks: [
        {
          kind: 'paragraph',
          text: 'We may update these terms to reflect changes to the service, our plans, the law or our business. If a change materially affects you, we will tell you by email or in the service at least 30 days before it takes effect. If you do not agree with the change, you can cancel your subscription before it applies. Continuing to use the service after the change takes effect means you accept the updated terms.',
        },
        {
          kind: 'paragraph',
          text: 'These terms are governed by the laws of England and Wales, and the courts of England and Wales have non-exclusive jurisdiction. If you live elsewhere, you also keep the benefit of any mandatory consumer protection laws of your country of residence and may bring proceedings in your local courts.',
        },
      ],
    },
    {
      id: 'contact-us',
      heading: 'Contact us',
      blocks: [
        {
          kind: 'paragraph',
          text: 'If you have questions about these terms or need help with your account, please contact us:',
        },
        {
          kind: 'list',
          items: [
            'Customer support: support@crease.example',
            'Legal questions and notices: legal@crease.example',
            'Privacy questions: privacy@crease.example',
          ],
        },
      ],
    },
  ],
};
