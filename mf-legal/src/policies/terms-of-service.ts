import type { PolicyDocument } from './policy-document';

export const termsOfService: PolicyDocument = {
  id: 'terms-of-service',
  title: 'Terms of Service',
  lastUpdated: '2026-11-01',
  summary:
    'These terms form the agreement between you and Crease Streaming Ltd when you create an account, subscribe to a plan and watch live cricket on Crease. Please read them carefully, because by using the service you agree to them.',
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
      heading: 'Subscriptions, free trials and automatic renewal',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Access to live streams requires a paid subscription plan. Plans differ in features such as video quality, the number of registered devices and the number of streams you can watch at the same time. The features of each plan are shown on the plan selection page before you subscribe.',
        },
        {
          kind: 'paragraph',
          text: 'Some plans may be offered with a free trial. Unless we tell you otherwise when you sign up:',
        },
        {
          kind: 'list',
          items: [
            'you will not be charged during the trial period;',
            'we will ask for a valid payment method when the trial starts;',
            'your paid subscription starts automatically when the trial ends, and you will be charged the plan price shown at sign-up, unless you cancel before the trial ends; and',
            'free trials are limited to one per person, household and payment method.',
          ],
        },
        {
          kind: 'paragraph',
          text: 'Subscriptions renew automatically at the end of each billing period (for example monthly or yearly, depending on the plan you chose) and we will charge your payment method at the start of each new period until you cancel. You can turn off automatic renewal at any time in your account settings. Cancellation takes effect at the end of your current billing period, and you will keep access until then.',
        },
        {
          kind: 'paragraph',
          text: 'If you change plans, the new plan and its price apply from the change date or from your next billing date, as we explain to you before you confirm the change.',
        },
      ],
    },
    {
      id: 'pricing-and-payment',
      heading: 'Pricing, taxes and payment',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Prices are shown on the plan selection page and at checkout in your local currency where available. Prices include any sales tax or VAT we are required to collect unless stated otherwise. Your bank or card issuer may charge its own fees, for example for foreign currency transactions.',
        },
        {
          kind: 'paragraph',
          text: 'Payments are processed by our third-party payment provider. By subscribing, you authorise us and our payment provider to charge your chosen payment method for the subscription fees and applicable taxes on a recurring basis.',
        },
        {
          kind: 'paragraph',
          text: "We may change our prices from time to time. If we increase the price of your plan, we will give you at least 30 days' notice by email before the new price applies to you, and you may cancel before the increase takes effect.",
        },
        {
          kind: 'paragraph',
          text: 'If a payment fails, we may retry the charge and may suspend access to live streams until payment is successful. If payment remains outstanding, we may cancel your subscription.',
        },
      ],
    },
    {
      id: 'devices-and-streams',
      heading: 'Devices and concurrent streams',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Each plan allows a set number of registered devices and a set number of streams that can play at the same time. These limits are shown on the plan selection page and in your account settings.',
        },
        {
          kind: 'list',
          items: [
            'A device is registered to your account the first time you sign in and watch on it.',
            'If you reach your device limit, you will need to remove an existing device in your account settings before you can add a new one. We may limit how often devices can be removed and replaced.',
            'If you try to start more streams than your plan allows, a new stream may not start or another stream on your account may be stopped.',
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
          text: 'While your subscription is active and you comply with these terms, we grant you a limited, personal, non-exclusive, non-transferable and revocable licence to access and view the content through the service. You do not acquire any ownership of the content, and you may not copy, sell, license, publicly perform or otherwise exploit it except as these terms allow.',
        },
      ],
    },
    {
      id: 'cancellation-and-termination',
      heading: 'Cancellation, suspension and termination',
      blocks: [
        {
          kind: 'paragraph',
          text: 'You can cancel your subscription at any time in your account settings or by contacting support@crease.example. Cancellation stops future renewals; you will keep access until the end of the billing period you have already paid for. Refunds are handled under our Refund Policy.',
        },
        {
          kind: 'paragraph',
          text: 'We may suspend or terminate your account or subscription, with notice where reasonably possible, if:',
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
            'our total liability to you in connection with the service is limited to the subscription fees you paid to us in the 12 months before the event giving rise to the claim.',
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
