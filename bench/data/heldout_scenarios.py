"""The scenarios (domains) of each held-out dialogue set, by its number: data only, one entry per set,
added by the set's author (bench/data/README.md); read through bench.data.heldout_sets. Names are
written several to a line, so a set adds a few lines, not one line per scenario."""

from __future__ import annotations

# the scenarios of each set, by its number (set 1 is the first held-out set, files heldout_*)
SET_SCENARIOS: dict[int, tuple[str, ...]] = {
    1: (
        "car_rental", "car_repair", "home_renovation", "tutoring", "pet_vet", "gym", "event_planning",
        "banking", "hotel_loyalty", "apartment_rental", "tax_filing", "airline_rebooking", "it_helpdesk",
        "grocery",
    ),
    2: (
        "train_tickets", "event_tickets", "furniture_delivery", "moving_company", "visa_application",
        "job_interview", "school_enrolment", "phone_plan", "utility_bills", "photography_booking",
        "library_books", "volunteer_shifts", "cloud_devops", "data_analysis", "group_dining", "salon_spa",
    ),
    3: (
        "pharmacy_refill", "wedding_planning", "home_cleaning", "plumbing_electrician", "car_purchase_loan",
        "mortgage", "childcare_kindergarten", "elderly_care", "legal_consultation", "language_course",
        "ecommerce_return", "appliance_repair", "coworking_booking", "conference_registration",
        "catering_order", "hiking_trip",
    ),
    4: (
        "florist_order", "print_shop", "boat_charter", "ski_rental", "music_lessons", "tailoring_alterations",
        "solar_install", "pest_control", "parking_permit", "storage_unit", "custom_cake",
        "translation_service", "home_security", "subscription_cancel", "city_tour_guide",
        "recruitment_hiring",
    ),
    5: (
        "optician_glasses", "bicycle_repair", "pet_grooming_boarding", "locksmith", "roofing_repair",
        "scuba_course", "dry_cleaning", "piano_tuning", "campsite_booking", "car_insurance_claim",
        "window_blinds", "driving_lessons", "water_delivery", "landscaping", "tattoo_studio",
        "museum_group_visit",
    ),
    6: (
        "furniture_assembly", "car_detailing", "babysitting", "personal_trainer", "home_exchange",
        "yoga_retreat", "coffee_subscription", "phone_repair", "wine_delivery", "event_photobooth",
        "kayak_rental", "carpet_cleaning", "chimney_sweep", "pool_maintenance", "pottery_class",
        "laptop_rental",
    ),
    7: (
        "bridal_dress_fitting", "drone_survey", "hearing_aid", "horse_riding_lessons",
        "medical_equipment_rental", "shipping_container", "tree_surgeon", "vending_machine_service",
        "orthodontist", "funeral_services", "aquarium_setup", "ev_charger_install", "costume_rental",
        "film_equipment_rental", "bakery_wholesale", "septic_tank_service",
    ),
    8: (
        "elevator_maintenance", "tennis_court_booking", "school_bus_route", "watch_repair",
        "scaffolding_hire", "allotment_garden", "running_race_entry", "document_shredding",
        "recycling_collection", "choir_rehearsal", "confinement_centre", "antique_appraisal",
        "karaoke_booking", "office_supplies", "calligraphy_class", "vehicle_inspection",
    ),
    9: (
        "blood_donation", "bike_share_subscription", "glass_repair", "cruise_booking", "bowling_lanes",
        "farm_produce_box", "sign_language_interpreter", "lab_test_booking", "student_housing", "escape_room",
        "charter_bus", "music_exam_entry", "kitchen_fitting", "physiotherapy", "dog_training",
        "swimming_lessons",
    ),
    10: (
        "shoe_repair", "gutter_cleaning", "snow_plowing", "firewood_delivery", "picture_framing",
        "golf_tee_time", "upholstery_repair", "guitar_repair", "notary_service", "designated_driver",
        "broadband_install", "home_inspection", "air_quality_testing", "party_entertainer", "floor_sanding",
        "id_photo_studio",
    ),
    11: (
        "hot_air_balloon_ride", "roadside_assistance", "recording_studio", "pet_adoption", "go_kart_track",
        "trade_show_booth", "summer_camp", "media_digitization", "seal_engraving", "errand_runner",
        "archery_range", "cinema_private_hire", "airport_lounge", "currency_exchange", "ice_skating",
        "gift_hamper_order",
    ),
    12: (
        "garage_door_repair", "cooking_class", "dance_lessons", "knife_sharpening", "trampoline_park",
        "paintball_game", "holiday_lights_install", "pc_build", "martial_arts_class", "racket_restringing",
        "fruit_picking", "home_organizer", "gold_jewelry_custom", "aircon_cleaning", "surf_lesson",
        "first_aid_course",
    ),
    13: (
        "vineyard_tour", "board_game_cafe", "well_drilling", "genealogy_research", "pet_relocation",
        "private_jet_charter", "car_ferry_booking", "billboard_advertising", "wig_fitting",
        "company_registration", "generator_rental", "perfume_workshop", "logo_design", "stairlift_install",
        "patient_transport", "tile_grout_sealing",
    ),
    14: (
        "christmas_tree_delivery", "marina_berth", "team_kit_order", "beekeeping_course", "mural_commission",
        "fence_installation", "instrument_rental", "speech_therapy", "junk_removal", "fireworks_display",
        "bookbinding_restoration", "stargazing_tour", "private_chef", "baby_gear_rental",
        "paragliding_flight", "ice_sculpture",
    ),
    15: (
        "farrier_visit", "marquee_hire", "lost_property", "climbing_gym", "data_recovery", "luggage_repair",
        "dietitian_consult", "podiatry", "wedding_car_hire", "car_scrapping", "fire_extinguisher_service",
        "plant_rental", "matchmaking_service", "house_painting", "water_purifier_service",
        "bottled_gas_delivery",
    ),
    16: (
        "boiler_service", "window_cleaning", "portable_toilet_hire", "mail_redirection", "property_sale",
        "bouncy_castle_hire", "counselling_service", "laser_eye_surgery", "airport_transfer",
        "acupuncture_clinic", "package_tour", "domestic_helper_agency", "hospital_escort", "car_window_tint",
        "antenatal_class", "soundproofing",
    ),
    17: (
        "dog_walking", "hot_tub_hire", "house_sitting", "driveway_paving", "damp_proofing", "event_security",
        "zoo_experience", "sailing_course", "makeup_artist", "balloon_decoration", "three_d_printing",
        "study_abroad_agency", "fitted_wardrobe", "used_car_sale", "lion_dance_troupe", "cord_blood_banking",
    ),
    18: (
        "pressure_washing", "traffic_fine_appeal", "cv_writing", "website_design", "garden_shed",
        "heating_oil_delivery", "smart_home_setup", "passport_renewal", "trademark_registration",
        "academic_editing", "video_editing", "phone_trade_in", "housing_fund_withdrawal",
        "toll_tag_application", "grave_tending", "sports_league_signup",
    ),
    19: (
        "crane_hire", "conservatory_build", "coding_bootcamp", "dog_licence", "loft_insulation",
        "shop_signage", "flying_lesson", "charity_giving", "pension_transfer", "bookkeeping_service",
        "english_test_booking", "residence_registration", "balcony_netting", "car_transport",
        "card_terminal_setup", "tv_mounting",
    ),
    20: (
        "horse_livery", "asbestos_survey", "topsoil_delivery", "carpet_fitting", "campervan_hire",
        "pet_cremation", "bike_fitting", "tyre_fitting", "water_tank_cleaning", "transit_pass",
        "school_uniform_order", "marriage_registration", "pet_insurance", "airport_parking", "camera_repair",
        "bathroom_adaptation",
    ),
    21: (
        "will_writing", "tandem_skydive", "sheep_shearing", "planning_permission", "double_glazing",
        "sewing_machine_repair", "trophy_order", "wallpaper_hanging", "dental_implant", "crop_spraying",
        "underfloor_heating", "murder_mystery_game", "fishing_lake", "farm_stay", "gold_buyback",
        "forklift_certification",
    ),
    22: (
        "clay_pigeon_shooting", "headstone_order", "boundary_survey", "log_burner_install", "beer_keg_hire",
        "husky_sledding", "helicopter_tour", "awning_install", "tea_ceremony", "safe_deposit_box",
        "hair_transplant", "embroidery_order", "sauna_install", "electric_gate_install", "bonsai_workshop",
        "mobility_scooter",
    ),
    23: (
        "pizza_oven_build", "dry_stone_walling", "alpaca_trekking", "falconry_day", "white_water_rafting",
        "bungee_jump", "taxidermy", "live_band_hire", "lactation_consultant", "woodworking_course",
        "hot_spring_stay", "sleep_study", "dragon_boat_event", "wedding_mc_hire", "weiqi_lessons",
        "range_hood_cleaning",
    ),
    24: (
        "glassblowing_class", "blacksmith_course", "caving_trip", "snowmobile_tour", "koi_pond_build",
        "private_investigator", "drone_light_show", "pig_butchery", "curling_session",
        "leathercraft_workshop", "prosthetic_fitting", "colour_analysis", "zipline_park",
        "offroad_driving_day", "treehouse_build", "barista_course",
    ),
    25: (
        "axe_throwing", "float_tank_session", "cryotherapy_session", "improv_class", "pet_portrait",
        "fencing_lesson", "aerial_silks_class", "mosaic_workshop", "truffle_hunting", "soap_making",
        "kintsugi_workshop", "indigo_dyeing", "birdwatching_tour", "candle_making", "knitting_class",
        "whale_watching",
    ),
    26: (
        "vr_arcade", "rug_tufting", "fountain_pen_repair", "memoir_ghostwriting", "travel_vaccination",
        "plush_toy_repair", "dog_show_entry", "public_speaking_course", "lantern_making", "paper_cutting",
        "cloisonne_workshop", "kite_making", "bamboo_weaving", "watercolour_class", "feng_shui_consult",
        "baby_casting",
    ),
    27: (
        "wreath_making", "ear_piercing", "sound_bath_session", "number_plate_order", "hypnotherapy_session",
        "tarot_reading", "canyoning_trip", "santa_grotto_visit", "mahjong_lessons", "woodblock_printing",
        "dough_figurine_class", "paper_umbrella_making", "chinese_knotting", "esports_coaching",
        "abacus_class", "peking_opera_experience",
    ),
    28: (
        "mattress_purchase", "festive_roast_order", "gift_wrapping_service", "proposal_planning",
        "gymnastics_class", "formalwear_hire", "market_stall_hire", "meal_kit_subscription",
        "ear_wax_removal", "billiards_table_booking", "theme_park_visit", "ebike_purchase",
        "luggage_storage", "carpool_ride", "pilates_class", "cat_cafe_visit",
    ),
    29: (
        "washing_machine_purchase", "sofa_purchase", "coach_tickets", "kids_party_venue", "ski_lesson",
        "winter_coat_purchase", "afternoon_tea_booking", "toy_shopping", "health_checkup",
        "bathhouse_visit", "piano_purchase", "game_console_purchase", "pet_food_subscription",
        "tea_purchase", "table_tennis_lessons", "holiday_cottage_rental",
    ),
    30: (
        "television_purchase", "shoe_purchase", "badminton_court_booking", "pram_purchase",
        "water_heater_install", "after_school_club", "skincare_purchase", "bookshop_order",
        "new_year_goods_order", "tcm_clinic_visit", "milk_delivery", "mahjong_table_purchase",
        "air_purifier_purchase", "driving_licence_renewal", "suitcase_purchase", "wedding_favours_order",
    ),
    31: (
        "refrigerator_purchase", "treadmill_purchase", "garden_furniture_purchase", "oven_cleaning",
        "handyman_booking", "dashcam_install", "road_trip_planning", "parent_teacher_meeting",
        "massage_chair_purchase", "space_heater_purchase", "school_bag_purchase", "tablet_purchase",
        "duvet_purchase", "health_supplement_purchase", "drying_rack_install", "gas_hob_install",
    ),
    32: (
        "dishwasher_purchase", "ceiling_fan_install", "football_pitch_booking", "smartwatch_purchase",
        "vacuum_cleaner_purchase", "computer_repair", "honeymoon_planning", "lawn_mower_purchase",
        "humidifier_purchase", "air_fryer_purchase", "electric_blanket_purchase", "rice_cooker_purchase",
        "printer_purchase", "office_chair_purchase", "cookware_purchase", "car_battery_replacement",
    ),
    33: (
        "microwave_purchase", "car_seat_purchase", "headphones_purchase", "dining_table_purchase",
        "robotics_course", "front_door_replacement", "motorcycle_purchase", "seafood_order",
        "smart_toilet_purchase", "blood_pressure_monitor_purchase", "study_desk_purchase",
        "projector_purchase", "ice_fishing_trip", "electric_toothbrush_purchase", "foot_spa_purchase",
        "litter_box_purchase",
    ),
    34: (
        "kettle_purchase", "coffee_machine_purchase", "camping_tent_purchase", "telescope_purchase",
        "power_drill_purchase", "bbq_grill_purchase", "record_player_purchase", "bookcase_purchase",
        "blender_purchase", "hair_dryer_purchase", "lamp_purchase", "garment_steamer_purchase",
        "bread_maker_purchase", "skateboard_purchase", "thermos_purchase", "reading_pen_purchase",
    ),
    35: (
        "toaster_purchase", "electric_shaver_purchase", "smoke_alarm_purchase", "fishing_rod_purchase",
        "wetsuit_purchase", "chess_set_purchase", "bike_helmet_purchase", "drum_kit_purchase",
        "baby_monitor_purchase", "bathroom_scale_purchase", "power_bank_purchase", "yoga_mat_purchase",
        "waffle_maker_purchase", "router_purchase", "ice_cream_maker_purchase", "walkie_talkie_purchase",
    ),
    36: (
        "juicer_purchase", "sleeping_bag_purchase", "portable_speaker_purchase", "ukulele_purchase",
        "dumbbell_set_purchase", "water_flosser_purchase", "slow_cooker_purchase", "massage_gun_purchase",
        "e_reader_purchase", "hair_clipper_purchase", "digital_photo_frame_purchase", "soda_maker_purchase",
        "wall_clock_purchase", "doorbell_camera_purchase", "cat_tree_purchase", "label_maker_purchase",
    ),
}
